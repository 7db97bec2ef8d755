import { once } from "node:events";
import { Agent, type ClientRequest, type IncomingMessage, request } from "node:http";
import { connect, type Socket } from "node:net";
import { API_PREFIX, API_ROUTES } from "@portal/contracts";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.js";
import { outboxMessages, persons } from "./db/schema/index.js";
import { registration, uniqueEmail } from "./test-support/api-helpers.js";
import { databases, type ProvisionedDatabase } from "./test-support/databases.js";
import { type ServerProcess, spawnServer, waitUntilReady } from "./test-support/server-process.js";

// Issue 3: "Graceful shutdown on SIGTERM: in-flight requests finish, then the database closes."

// oidc-provider prints this on Node.js 20 (still supported by the portal); nothing else is expected.
const RUNTIME_WARNING = /^oidc-provider WARNING: Unsupported runtime\..*$/gm;
const stderrOf = (server: ServerProcess): string =>
  server.errors().replace(RUNTIME_WARNING, "").trim();

const REGISTER = `${API_PREFIX}${API_ROUTES.register.path}`;
const RESEND_OPT_IN = `${API_PREFIX}${API_ROUTES.resendOptInMail.path}`;

/** A POST whose body is held back until `finish()`: in flight for as long as the test says. */
interface HeldRequest {
  /** Resolves once the server has read the headers (its `100 Continue`): the request is in progress. */
  readonly accepted: Promise<unknown>;
  /** Sends the body. */
  finish(): void;
  readonly answer: Promise<{ status: number; connection: string | undefined }>;
}

const holdPost = (port: number, path: string, payload: unknown): HeldRequest => {
  const body = JSON.stringify(payload);
  const req: ClientRequest = request({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    // Keep-alive, as browsers ask: after its answer the connection must not hold the server.
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      // The server answers 100 Continue once it has the headers: proof the request is in
      // progress there before the signal, with no timing involved.
      expect: "100-continue",
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined }>(
    (resolve, reject) => {
      req.on("response", (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
        res.on("error", reject);
      });
      req.on("error", reject);
    },
  );
  // A failed test must not leave an unhandled rejection behind.
  answer.catch(() => {});
  const accepted = once(req, "continue");
  req.flushHeaders();
  return { accepted, finish: () => req.end(body), answer };
};

/** Connects to the port; resolves with the error code, or "connected". */
const tryConnect = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });

/**
 * Connects until the port refuses. The listener closes in the same step that ends the idle
 * connections, but the server process may be paused between the two, so a connection
 * attempt right after seeing the idle connection end can still be accepted.
 */
const refusedAfterAWhile = async (port: number, timeoutMs = 10_000): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  let outcome = await tryConnect(port);
  while (outcome !== "ECONNREFUSED" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    outcome = await tryConnect(port);
  }
  return outcome;
};

/** One keep-alive request; its socket stays open and idle in the agent. */
const idleKeepAliveSocket = async (port: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const req = request({ host: "127.0.0.1", port, path: "/healthz", agent });
  const [socket] = (await once(req.end(), "socket")) as [Socket];
  const closed = once(socket, "close");
  const [res] = (await once(req, "response")) as [IncomingMessage];
  res.resume();
  await once(res, "end");
  expect(res.headers.connection).toBe("keep-alive");
  expect(socket.destroyed).toBe(false);
  return { agent, closed };
};

describe.each(databases)("SIGTERM on $name", (target) => {
  let provisioned: ProvisionedDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.kill();
    await provisioned?.dispose();
  }, 60_000);

  it("answers the requests in flight, refuses new connections, closes the database and exits 0", async () => {
    provisioned = await target.provision();
    server = await spawnServer({
      DATA_DIR: provisioned.dataDir,
      ...(provisioned.databaseUrl ? { DATABASE_URL: provisioned.databaseUrl } : {}),
    });
    await waitUntilReady(server);
    const { port } = server;

    // An unconfirmed person, registered before: a resend of its opt-in mail is in flight too
    // (that mail is written after the answer, so closing must wait for it as well).
    const early = registration();
    const before = await fetch(`${server.url}${REGISTER}`, {
      method: "POST",
      headers: { "content-type": "application/json", connection: "close" },
      body: JSON.stringify(early),
    });
    expect(before.status).toBe(201);

    const idle = await idleKeepAliveSocket(port);
    const late = registration({ email: uniqueEmail("in-flight") });
    const registering = holdPost(port, REGISTER, late);
    const resending = holdPost(port, RESEND_OPT_IN, { email: early.email });
    await Promise.all([registering.accepted, resending.accepted]);

    server.child.kill("SIGTERM");
    await server.printed(/SIGTERM: finishing in-flight requests/);
    // An idle keep-alive connection does not hold the server open: it is closed at once,
    // by the same call that stops listening; new connections are refused.
    await idle.closed;
    idle.agent.destroy();
    expect(await refusedAfterAWhile(port)).toBe("ECONNREFUSED");
    // The requests in flight are still waiting for their bodies: the process is alive.
    expect(server.child.exitCode).toBeNull();

    registering.finish();
    resending.finish();
    // Answered in full; their keep-alive connections end with the answer instead of
    // holding the server open for the keep-alive timeout (72 s).
    expect(await registering.answer).toEqual({
      status: API_ROUTES.register.status,
      connection: "close",
    });
    expect(await resending.answer).toEqual({
      status: API_ROUTES.resendOptInMail.status,
      connection: "close",
    });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("SIGTERM: in-flight requests answered, database closed");
    expect(stderrOf(server)).toBe("");

    // Restarted on the same DATA_DIR / database: what the requests in flight wrote is there.
    const database = await openDatabase(provisioned);
    try {
      const people = await database.db
        .select({ email: persons.email })
        .from(persons)
        .where(inArray(persons.email, [early.email, late.email]));
      expect(people.map((p) => p.email).sort()).toEqual([early.email, late.email].sort());
      const mails = await database.db
        .select({ to: outboxMessages.to })
        .from(outboxMessages)
        .where(inArray(outboxMessages.to, [early.email, late.email]));
      // early: registration + resend (after the answer); late: registration.
      expect(mails.filter((m) => m.to === early.email)).toHaveLength(2);
      expect(mails.filter((m) => m.to === late.email)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe("a bad environment value", () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.kill();
  });

  it("stops the start with one line naming the variable, exit code 1", async () => {
    server = await spawnServer({ REDIRECT_ALLOW_LIST: "https://shop.example.org/landing" });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(stderrOf(server)).toBe(
      'Invalid REDIRECT_ALLOW_LIST="https://shop.example.org/landing": expected comma-separated http(s) origins such as https://shop.example.org',
    );
  });

  it("refuses a public PUBLIC_URL without SMTP_URL (every mail would be readable at /outbox)", async () => {
    server = await spawnServer({ PUBLIC_URL: "https://portal.example.org" });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(stderrOf(server)).toBe(
      "No SMTP_URL for PUBLIC_URL=https://portal.example.org: every mail (reset links, codes) would be readable by anyone at /outbox. Set SMTP_URL=smtp://host:port, or MAIL_OUTBOX=public for a demo whose mails anyone may read",
    );
  });
});
