import { Writable } from "node:stream";
import { systemClock } from "@portal/core";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { configWith } from "../config.js";
import { createPortalFactors } from "../credentials/index.js";
import { createLogger } from "../logger.js";
import { createMailer } from "../mail/mailer.js";
import { listOutbox } from "../mail/outbox-store.js";
import { settledAfterReply } from "../persons/after-reply.js";
import { API, GOOD_PASSWORD, registration } from "../test-support/api-helpers.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import {
  startTestIssuer,
  TEST_SUPPORT_SECRET,
  type TestIssuer,
} from "../test-support/test-issuer.js";
import type { AppDeps } from "./app-deps.js";
import { createTokenVerifier } from "./auth.js";

// Log lines are checked on PGlite only: logging does not depend on the database.
describe("logs never carry a password, token or mail body", () => {
  const lines: string[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let issuer: TestIssuer;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase(databases.find((d) => d.name === "pglite")!);
    issuer = await startTestIssuer();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const config = configWith({
      logLevel: "trace",
      oidcIssuer: issuer.issuer,
      supportClientSecret: TEST_SUPPORT_SECRET,
      smtpUrl: undefined,
    });
    const logger = createLogger({ logLevel: "trace" }, sink);
    const deps: AppDeps = {
      config,
      database,
      clock: systemClock,
      factors: createPortalFactors(database.db),
      mailer: createMailer({
        smtpUrl: undefined,
        from: "x@y",
        brand: { associationName: "V", homepageUrl: "https://v" },
        db: database.db,
        log: logger,
      }),
      auth: createTokenVerifier({
        issuer: issuer.issuer,
        userClients: ["benutzerverwaltung"],
        supportClients: [],
      }),
      sessions: { revokeAllForPerson: async () => {} },
      limiter: { consume: async () => ({ allowed: true, retryAfterSeconds: 0 }) },
    };
    app = await buildApp(deps, logger);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await issuer?.close();
    await database?.close();
  });

  it("logs requests with their correlation id and without secrets", async () => {
    const payload = registration();
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: "POST", url: `${API}${url}`, payload: body as object, headers });
    expect((await post("/persons/register", payload)).statusCode).toBe(201);
    const [optIn] = await listOutbox(database.db, payload.email);
    const optinId = new URL(optIn?.links[0] ?? "").searchParams.get("optinId") ?? "";
    expect(
      (await post("/persons/confirm-mail-address", { confirmationToken: optinId })).statusCode,
    ).toBe(204);
    await post("/persons/request-password-reset-mail", { email: payload.email });
    await settledAfterReply();
    const [reset] = await listOutbox(database.db, payload.email);
    const resetToken = new URL(reset?.links[0] ?? "").searchParams.get("passwordResetToken") ?? "";
    const newPassword = "Geheim-Neu-Wort-9";
    expect(
      (await post("/persons/reset-password", { passwordResetToken: resetToken, newPassword }))
        .statusCode,
    ).toBe(204);
    const [row] = await database.db.query.persons.findMany({ limit: 1 });
    const token = await issuer.sign({ sub: row?.id ?? "", cr_id: row?.id ?? "" });
    const changed = await post(
      "/persons/me/change-password",
      { oldPassword: newPassword, newPassword: "Dritt-Passwort-77" },
      { authorization: `Bearer ${token}`, correlationid: "log-test-0001" },
    );
    expect(changed.statusCode).toBe(204);

    const text = lines.join("\n");
    for (const secret of [
      GOOD_PASSWORD,
      newPassword,
      "Dritt-Passwort-77",
      optinId,
      resetToken,
      token,
      optIn?.text ?? "",
      "Hallo Erika",
    ]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text).not.toContain(secret);
    }
    const changeLines = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.correlationId === "log-test-0001");
    expect(changeLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["incoming request", "password changed", "request completed"]),
    );
  });
});

// Issue 14: "Logs write full id_token_hint values (name, e-mail) at info level. Redact
// tokens, codes, passwords and personal data in every log line."
describe("the process logger redacts query strings and personal data", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });

  it("writes no ID token, code, state or address of a request URL, and no e-mail of an object", async () => {
    const logger = createLogger({ logLevel: "trace" }, sink);
    const app = Fastify({ loggerInstance: logger });
    app.get("/realms/portal/protocol/openid-connect/logout", async () => ({}));
    app.get("/outbox/api/messages", async (request) => {
      request.log.info({ person: { email: "erika.geheim@example.org" } }, "looked up");
      return [];
    });
    await app.ready();
    const claims = Buffer.from(
      JSON.stringify({ name: "Erika Geheimname", email: "erika.geheim@example.org" }),
    ).toString("base64url");
    const idToken = `eyJhbGciOiJSUzI1NiJ9.${claims}.c2lnbmF0dXJlLXNlY3JldA`;
    await app.inject({
      url: `/realms/portal/protocol/openid-connect/logout?id_token_hint=${idToken}&client_id=benutzerverwaltung&state=state-secret-1&code=code-secret-1`,
    });
    await app.inject({ url: "/outbox/api/messages?to=erika.geheim%40example.org" });
    await app.close();
    const text = lines.join("\n");
    for (const secret of [idToken, claims, "state-secret-1", "code-secret-1", "erika.geheim"]) {
      expect(text).not.toContain(secret);
    }
    // What helps reading the log stays: the path and harmless parameters.
    expect(text).toContain(
      "/realms/portal/protocol/openid-connect/logout?id_token_hint=[redacted]&client_id=benutzerverwaltung",
    );
    expect(text).toContain("looked up");
  });
});
