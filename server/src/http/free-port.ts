import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Where ports are picked: below the kernel's ephemeral range. A port from `listen(0)` lies in
 * that range, which the kernel also hands to outgoing connections (a JDBC pool's socket, a
 * fetch) in the seconds before the caller binds it; the bind then fails, and a readiness
 * probe may meet another server on it (a CI run once met Keycloak on the portal's port).
 * Nothing hands out ports below the range but callers of `freePort`.
 */
const LOWEST = 20_000;
const readEphemeralStart = (): number => {
  try {
    const low = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
    );
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768; // Linux's default; other systems start theirs higher still
  }
};
let ephemeralStart: number | undefined;

/** Ports this process handed out already: a caller that has not bound its port yet keeps it. */
const handedOut = new Set<number>();

const probe = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    // All interfaces: the portal listens on 0.0.0.0, and this also fails when any one
    // address holds the port.
    server.listen(port, "0.0.0.0", () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === "object" && address ? address.port : undefined),
      );
    });
  });

/** A port nobody listens on right now and this process has not handed out (the caller binds it a moment later). */
export const freePort = async (): Promise<number> => {
  ephemeralStart ??= readEphemeralStart();
  const end = ephemeralStart;
  for (let attempt = 0; attempt < 200; attempt++) {
    const candidate =
      end - LOWEST >= 1_000 ? LOWEST + Math.floor(Math.random() * (end - LOWEST)) : 0;
    if (handedOut.has(candidate)) continue;
    const port = await probe(candidate);
    if (port !== undefined && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("no free port found");
};
