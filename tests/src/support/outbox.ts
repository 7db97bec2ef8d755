import { type OutboxMessage, OutboxMessages } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { poll } from "./poll.js";

const decode = Schema.decodeUnknownSync(OutboxMessages);

/**
 * The embedded mail outbox of one test server (`GET /outbox/api/messages?to=`), the only
 * way a journey reads the mails the portal sends.
 */
export class Outbox {
  readonly #baseUrl: string;
  /** Ids already handed to the test: `next` never returns the same mail twice. */
  readonly #seen = new Set<string>();

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl;
  }

  /** Every mail to `to`, newest first. */
  async list(to: string): Promise<readonly OutboxMessage[]> {
    const url = new URL("/outbox/api/messages", this.#baseUrl);
    url.searchParams.set("to", to);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url.pathname} answered ${res.status}`);
    return decode(await res.json());
  }

  /**
   * Waits for the next mail to `to` that the test has not read yet and whose link list holds
   * a link under `linkPath` (e.g. `/benutzerverwaltung/registrierung-bestaetigen`), or whose
   * subject matches when `linkPath` is omitted.
   */
  async next(
    to: string,
    match: { linkPath?: string; subject?: RegExp; text?: RegExp } = {},
    timeoutMs = 15_000,
  ): Promise<OutboxMessage> {
    const mail = await poll(
      `a mail to ${to} ${JSON.stringify(match.linkPath ?? match.subject ?? "")}`,
      async () => {
        const all = await this.list(to);
        // Oldest unseen first, so two mails of one kind are read in the order they were sent.
        return [...all]
          .reverse()
          .find(
            (m) =>
              !this.#seen.has(m.id) &&
              (match.linkPath === undefined ||
                m.links.some((l) => linkHasPath(l, match.linkPath!))) &&
              (match.subject === undefined || match.subject.test(m.subject)) &&
              (match.text === undefined || match.text.test(m.text)),
          );
      },
      timeoutMs,
    );
    this.#seen.add(mail.id);
    return mail;
  }

  /** Waits for the next mail with such a link and returns the link itself. */
  async nextLink(to: string, linkPath: string, timeoutMs?: number): Promise<URL> {
    const mail = await this.next(to, { linkPath }, timeoutMs);
    return linkIn(mail, linkPath);
  }
}

const linkHasPath = (link: string, path: string): boolean => {
  try {
    return new URL(link).pathname === path;
  } catch {
    return false;
  }
};

/** The first link of a mail whose path is `path`. */
export const linkIn = (mail: OutboxMessage, path: string): URL => {
  const link = mail.links.find((l) => linkHasPath(l, path));
  if (!link)
    throw new Error(`mail "${mail.subject}" has no link to ${path}: ${mail.links.join(", ")}`);
  return new URL(link);
};

/** A 6-digit code in a mail's text (the e-mail second factor). */
export const codeIn = (mail: OutboxMessage): string => {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m?.[1]) throw new Error(`mail "${mail.subject}" holds no 6-digit code`);
  return m[1];
};
