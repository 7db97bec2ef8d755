import { EventEmitter, once } from "node:events";
import { Agent, type ClientRequest, type IncomingMessage, request } from "node:http";
import { connect, type Socket } from "node:net";
import { API_PREFIX, API_ROUTES } from "@portal/contracts";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./db/client.js";
import { outboxMessages, persons } from "./db/schema/index.js";
import { type RunningServer, startServer } from "./index.js";
import { type ProcessHost, runProcess } from "./process-entry.js";
import { registration, uniqueEmail } from "./test-support/api-helpers.js";
import { databases, type ProvisionedDatabase } from "./test-support/databases.js";

// Issue 3: "Graceful shutdown on SIGTERM: in-flight requests finish, then the database closes."
// The steps of the process entry run in the test's process: the signal is an event and the
// exit a call, so nothing waits for a second Node.js process to compile and start.

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

/** The process as the entry sees it: signals are events, the exit a recorded call. */
const testProcess = () => {
  const signals = new EventEmitter();
  const lines: string[] = [];
  const problems: unknown[] = [];
  let exitCode: number | undefined;
  let exited!: (code: number) => void;
  const exit = new Promise<number>((resolve) => {
    exited = resolve;
  });
  // The drain after SIGTERM lasts until the test ends it: time is the test's input.
  const waits: number[] = [];
  let endWait!: () => void;
  const waited = new Promise<void>((resolve) => {
    endWait = resolve;
  });
  const host: ProcessHost = {
    onSignal: (signal, listener) => signals.on(signal, listener),
    exit: (code) => {
      exitCode = code;
      exited(code);
    },
    info: (line) => lines.push(line),
    error: (problem) => problems.push(problem),
    wait: (ms) => {
      waits.push(ms);
      return waited;
    },
  };
  return {
    host,
    waits,
    endDrain: () => endWait(),
    send: (signal: "SIGTERM" | "SIGINT") => signals.emit(signal),
    lines,
    problems,
    exit,
    exitCode: () => exitCode,
  };
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
  let server: RunningServer | undefined;
  let exited = false;
  afterEach(async () => {
    // After a failed test: the server closes here instead.
    if (!exited) await server?.close();
    await provisioned?.dispose();
  });

  it("with SHUTDOWN_DRAIN_MS first drains: still answers, /readyz 503, every answer closes its connection", async () => {
    provisioned = await target.provision();
    const { databaseUrl, dataDir } = provisioned;
    const entry = testProcess();
    await runProcess(async () => {
      server = await startServer({
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        databaseUrl,
        dataDir,
        smtpUrl: undefined,
        companySeedCount: 0,
        shutdownDrainMs: 4_000,
      });
      return server;
    }, entry.host);
    if (!server) throw new Error(`not started: ${entry.problems.map(String).join("; ")}`);
    const { port, url } = server;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const idle = await idleKeepAliveSocket(port);

    entry.send("SIGTERM");
    expect(entry.waits).toEqual([4_000]);
    expect(entry.lines).toEqual(["SIGTERM: draining for 4000 ms (/readyz answers 503)"]);
    // Still listening and answering, but out of rotation: the balancer's check sees 503.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", migrations: true });
    expect(ready.headers.get("connection")).toBe("close");
    // A write still goes through, and its connection ends with the answer: no idle
    // connection is left for a balancer to reuse when the listener closes.
    const during = await fetch(`${url}${REGISTER}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registration()),
    });
    expect(during.status).toBe(API_ROUTES.register.status);
    expect(during.headers.get("connection")).toBe("close");
    expect(entry.exitCode()).toBeUndefined();

    entry.endDrain();
    await idle.closed;
    idle.agent.destroy();
    expect(await entry.exit).toBe(0);
    exited = true;
    expect(entry.lines).toContain("SIGTERM: in-flight requests answered, database closed");
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
    expect(entry.problems).toEqual([]);
  });

  it("answers the requests in flight, refuses new connections, closes the database and exits 0", async () => {
    provisioned = await target.provision();
    const { databaseUrl, dataDir } = provisioned;
    const entry = testProcess();
    await runProcess(async () => {
      server = await startServer({
        port: 0,
        host: "127.0.0.1",
        logLevel: "silent",
        databaseUrl,
        dataDir,
        smtpUrl: undefined,
        companySeedCount: 0,
      });
      return server;
    }, entry.host);
    if (!server) throw new Error(`not started: ${entry.problems.map(String).join("; ")}`);
    const { port, url } = server;

    // An unconfirmed person, registered before: a resend of its opt-in mail is in flight too
    // (that mail is written after the answer, so closing must wait for it as well).
    const early = registration();
    const before = await fetch(`${url}${REGISTER}`, {
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

    entry.send("SIGTERM");
    // A second signal while stopping changes nothing.
    entry.send("SIGINT");
    expect(entry.lines).toEqual([
      "SIGTERM: finishing in-flight requests, then closing the database",
    ]);
    // An idle keep-alive connection does not hold the server open: it is closed at once,
    // by the same call that stops listening; new connections are refused from then on.
    await idle.closed;
    idle.agent.destroy();
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
    // The requests in flight are still waiting for their bodies: no exit yet.
    expect(entry.exitCode()).toBeUndefined();

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

    expect(await entry.exit).toBe(0);
    exited = true;
    expect(entry.lines).toContain("SIGTERM: in-flight requests answered, database closed");
    expect(entry.problems).toEqual([]);

    // Opened again on the same DATA_DIR / database: what the requests in flight wrote is there.
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
  // The start reads the environment; the test's own settings must not leak into it.
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const withEnvironment = (env: Record<string, string | undefined>) => {
    for (const name of [
      "DATABASE_URL",
      "DATA_DIR",
      "REDIS_URL",
      "SMTP_URL",
      "OIDC_ISSUER",
      "MAIL_OUTBOX",
    ]) {
      vi.stubEnv(name, undefined);
    }
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  };

  it("stops the start with one line naming the variable, exit code 1", async () => {
    withEnvironment({ REDIRECT_ALLOW_LIST: "https://shop.example.org/landing" });
    const entry = testProcess();
    await runProcess(() => startServer(), entry.host);
    expect(entry.exitCode()).toBe(1);
    expect(entry.problems).toEqual([
      'Invalid REDIRECT_ALLOW_LIST="https://shop.example.org/landing": expected comma-separated http(s) origins such as https://shop.example.org',
    ]);
  });

  it("lists every bad value at once, a line each", async () => {
    withEnvironment({ PORT: "eighty", KEYED_HASH_SECRET: "too short" });
    const entry = testProcess();
    await runProcess(() => startServer(), entry.host);
    expect(entry.exitCode()).toBe(1);
    expect(entry.problems).toEqual([
      [
        'Invalid PORT="eighty": expected a whole number from 0 (a free port) to 65535',
        "Invalid KEYED_HASH_SECRET (9 characters, not shown): expected at least 32 characters (e.g. openssl rand -base64 32)",
      ].join("\n"),
    ]);
  });

  it("refuses a public PUBLIC_URL without SMTP_URL (every mail would be readable at /outbox)", async () => {
    withEnvironment({ PUBLIC_URL: "https://portal.example.org" });
    const entry = testProcess();
    await runProcess(() => startServer(), entry.host);
    expect(entry.exitCode()).toBe(1);
    expect(entry.problems).toEqual([
      "No SMTP_URL for PUBLIC_URL=https://portal.example.org: every mail (reset links, codes) would be readable by anyone at /outbox. Set SMTP_URL=smtp://host:port, or MAIL_OUTBOX=public for a demo whose mails anyone may read",
    ]);
  });
});
