import { BlockList, isIP } from "node:net";
import { type Config, ConfigError } from "../config.js";

// Without SMTP_URL every mail (opt-in, reset, deletion and e-mail-change links, sign-in
// codes) lands in the outbox, which needs no sign-in: whoever reads it can take over any
// account. That is what a developer wants on their own machine, so it stays the default
// there; anywhere else it must be asked for by name (MAIL_OUTBOX=public).

/**
 * True for a host name that always means this machine: `localhost` and its subdomains
 * (RFC 6761), 127.0.0.0/8 and ::1 (as URL.hostname writes them: `[::1]`).
 *
 * @example
 * isLoopbackHost("localhost"); // true
 * isLoopbackHost("portal.example.org"); // false
 */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isLoopbackAddress(host.replace(/^\[(.*)\]$/, "$1"));
};

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * True for an IP address of this machine's loopback interface: 127.0.0.0/8 and ::1, also
 * IPv4-mapped (`::ffff:127.0.0.1`, how a dual-stack socket reports an IPv4 peer).
 *
 * @example
 * isLoopbackAddress("::ffff:127.0.0.1"); // true
 */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  const family = isIP(address ?? "");
  if (family === 0) return false;
  return LOOPBACK.check(address ?? "", family === 4 ? "ipv4" : "ipv6");
};

/** What a refused outbox request is told (403 FORBIDDEN's message). */
export const OUTBOX_LOCAL_ONLY =
  "The mail outbox answers only on this machine; set MAIL_OUTBOX=public to show every mail to anyone who reaches the server";

/**
 * Refuses to start a server whose outbox anyone could read by mistake: no SMTP_URL, a
 * PUBLIC_URL that is not this machine, and no MAIL_OUTBOX=public. Throws a
 * {@link ConfigError}: `main.ts` prints its one line and exits 1.
 */
export const assertOutboxNotExposed = (
  config: Pick<Config, "smtpUrl" | "publicUrl" | "mailOutbox">,
): void => {
  if (config.smtpUrl || config.mailOutbox === "public") return;
  if (isLoopbackHost(new URL(config.publicUrl).hostname)) return;
  throw new ConfigError(
    `No SMTP_URL for PUBLIC_URL=${config.publicUrl}: every mail (reset links, codes) would be readable by anyone at /outbox. Set SMTP_URL=smtp://host:port, or MAIL_OUTBOX=public for a demo whose mails anyone may read`,
  );
};

/** Headers a proxy in front of the server adds: a request that carries one came through it. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/** The host name of a Host header (`localhost:8080`, `[::1]:8080`), or undefined. */
const hostNameOf = (host: string | undefined): string | undefined => {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
};

/** What of a request decides whether the outbox may answer it. */
export interface OutboxRequest {
  /** The TCP peer (never a forwarded address). */
  readonly peerAddress: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Whether an outbox request may be answered: always with MAIL_OUTBOX=public, else only a
 * request made on this machine, to this machine:
 * - the TCP peer is loopback (never X-Forwarded-For): a server whose PUBLIC_URL was left at
 *   its localhost default but which listens on every interface (HOST=0.0.0.0) must not show
 *   the mails to the network;
 * - no proxy header: a proxy or tunnel on this machine (nginx, ssh -R, a port forwarder)
 *   connects from loopback too, but speaks for somebody elsewhere;
 * - the Host header names this machine: a page whose own host name resolves to 127.0.0.1
 *   (DNS rebinding) must not read a developer's outbox from their browser.
 */
export const outboxReadableBy = (
  config: Pick<Config, "mailOutbox">,
  request: OutboxRequest,
): boolean => {
  if (config.mailOutbox === "public") return true;
  if (!isLoopbackAddress(request.peerAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = hostNameOf(
    typeof request.headers.host === "string" ? request.headers.host : undefined,
  );
  return host !== undefined && isLoopbackHost(host);
};
