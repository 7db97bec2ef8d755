import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port.js";

const ephemeralStart = Number(
  readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
);

const listenOn = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });

describe("freePort", () => {
  it("picks below the kernel's ephemeral range, which outgoing connections draw from", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeralStart);
  });

  // The Keycloak journeys pick the portal's port, then Keycloak's two, before anyone binds.
  it("never hands out a port twice in one process, though none was bound in between", async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
  });

  it("gives a port the caller can bind", async () => {
    const close = await listenOn(await freePort());
    await close();
  });
});
