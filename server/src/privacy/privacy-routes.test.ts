import { randomBytes } from "node:crypto";
import {
  CONSENT_TEXT_VERSIONS,
  type ConsentHistory,
  PERSON_EXPORT_FORMAT,
  PersonExport,
  type SecurityEventPage,
} from "@portal/contracts";
import { exportFileName, FRESH_SIGN_IN_SECONDS } from "@portal/core";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { mfaCredentials, passkeys, recoveryCodes, sessionDevices } from "../db/schema/index.js";
import { API, bearer, confirmedAccount, type TestAccount } from "../test-support/api-helpers.js";
import { databases, embedded } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { EXPORT_BUDGET } from "./privacy-routes.js";

/** A token of a sign-in `secondsAgo` before the server's (test) clock. */
const signedInAgo = (t: TestServer, id: string, secondsAgo: number) =>
  t.issuer.sign({
    sub: id,
    cr_id: id,
    sid: `session-${id}`,
    auth_time: Math.floor(t.clock.now().getTime() / 1000) - secondsAgo,
  });

const history = async (t: TestServer, token: string): Promise<ConsentHistory> => {
  const res = await t.call(`${API}/persons/me/consent-history`, bearer(token));
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentHistory;
};

const patchConsent = (t: TestServer, token: string, path: string, value: string, headers = {}) =>
  t.call(`${API}/persons/me`, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json-patch+json",
      ...headers,
    },
    body: JSON.stringify([{ op: "replace", path, value }]),
  });

const exportOf = async (t: TestServer, a: TestAccount) =>
  t.call(`${API}/persons/me/export`, bearer(await signedInAgo(t, a.id, 10)));

/** Every string value anywhere in a JSON document. */
const stringsIn = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsIn)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(stringsIn)
        : [];

// Password hashes (argon2, bcrypt, scrypt), hex digests (SHA-256 token hashes) and long
// random base32/base64url strings (tokens, TOTP secrets): none may appear in an export.
const SECRET_LOOKING = [
  /^\$argon2/,
  /^\$2[aby]?\$/,
  /^\$scrypt/,
  /^[0-9a-f]{40,}$/i,
  /^[A-Z2-7]{16,}=*$/,
  /^[A-Za-z0-9_-]{32,}$/,
];

// Row ids (UUIDs) are no secrets; everything else long and random-looking would be.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe.each(databases)("privacy routes on $name", (target) => {
  const server = useTestServer(target);

  it("records the consents of the registration and each profile change, newest first, with language and text version", async () => {
    const t = server();
    const before = t.clock.now();
    const a = await confirmedAccount(t, { consentMarketing: "GIVEN", consentRecherche: "REFUSED" });
    const registered = await history(t, a.token);
    expect(registered.changes.map((c) => [c.consent, c.value, c.source, c.language])).toEqual(
      expect.arrayContaining([
        ["marketing", "GIVEN", "registration", "de"],
        ["recherche", "REFUSED", "registration", "de"],
      ]),
    );
    expect(registered.changes).toHaveLength(2);
    expect(new Date(registered.changes[0]?.at ?? 0).getTime()).toBeGreaterThanOrEqual(
      before.getTime(),
    );

    t.clock.advance(60_000);
    // The app's language cookie wins over Accept-Language and the preferred language.
    const withdrawn = await patchConsent(t, a.token, "/consentMarketing", "REFUSED", {
      cookie: "CAS_PREFERRED_LANGUAGE=fr_LU",
      "accept-language": "en",
    });
    expect(withdrawn.status).toBe(200);
    t.clock.advance(60_000);
    const research = await patchConsent(t, a.token, "/consentRecherche", "GIVEN", {
      "accept-language": "it, en;q=0.8, de;q=0.5",
    });
    expect(research.status).toBe(200);
    // A patch that leaves the value as it is records nothing.
    expect((await patchConsent(t, a.token, "/consentRecherche", "GIVEN")).status).toBe(200);

    const { changes } = await history(t, a.token);
    expect(changes).toHaveLength(4);
    expect(changes.slice(0, 2)).toEqual([
      {
        consent: "recherche",
        value: "GIVEN",
        at: expect.any(String),
        source: "profile",
        language: "en",
        textVersion: CONSENT_TEXT_VERSIONS.recherche,
      },
      {
        consent: "marketing",
        value: "REFUSED",
        at: expect.any(String),
        source: "profile",
        language: "fr",
        textVersion: CONSENT_TEXT_VERSIONS.marketing,
      },
    ]);
    expect(Date.parse(changes[0]?.at ?? "")).toBeGreaterThan(Date.parse(changes[1]?.at ?? ""));
  });

  it("records nothing for consents left NOT_EXPRESSED at registration, the person's language without any hint", async () => {
    const t = server();
    const a = await confirmedAccount(t, {
      consentMarketing: "NOT_EXPRESSED",
      consentRecherche: "NOT_EXPRESSED",
      preferredLanguage: "fr",
    });
    expect((await history(t, a.token)).changes).toEqual([]);
    expect((await patchConsent(t, a.token, "/consentMarketing", "GIVEN")).status).toBe(200);
    expect((await history(t, a.token)).changes.map((c) => c.language)).toEqual(["fr"]);
  });

  it("keeps value and proof together: a refused patch records no consent change", async () => {
    const t = server();
    const a = await confirmedAccount(t, { consentMarketing: "NOT_EXPRESSED" });
    const res = await t.call(`${API}/persons/me`, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${a.token}`,
        "content-type": "application/json-patch+json",
      },
      body: JSON.stringify([
        { op: "replace", path: "/consentMarketing", value: "GIVEN" },
        { op: "replace", path: "/givenName", value: "" },
      ]),
    });
    expect(res.status).toBe(400);
    expect((await history(t, a.token)).changes).toEqual([]);
  });

  it("parallel consent changes: each recorded change is a real one and the newest is the stored value", async () => {
    const t = server();
    const a = await confirmedAccount(t, { consentMarketing: "NOT_EXPRESSED" });
    const values = ["GIVEN", "REFUSED", "GIVEN", "GIVEN", "REFUSED", "GIVEN", "REFUSED", "REFUSED"];
    const answers = await Promise.all(
      values.map((value) => patchConsent(t, a.token, "/consentMarketing", value)),
    );
    expect(answers.map((r) => r.status)).toEqual(values.map(() => 200));
    const { changes } = await history(t, a.token);
    expect(changes.length).toBeGreaterThanOrEqual(1);
    // Oldest first: from NOT_EXPRESSED on, every entry differs from the one before.
    const chain = ["NOT_EXPRESSED", ...changes.map((c) => c.value).reverse()];
    for (let i = 1; i < chain.length; i++) expect(chain[i]).not.toBe(chain[i - 1]);
    const me = await t.call(`${API}/persons/me`, bearer(a.token));
    const person = (await me.json()) as { consentMarketing: string };
    expect(changes[0]?.value).toBe(person.consentMarketing);
  });

  it("exports everything as a download without secrets, and records the export in the activity", async () => {
    const t = server();
    const a = await confirmedAccount(t, { consentMarketing: "GIVEN" });
    const { db } = t.server.database;
    await db
      .insert(mfaCredentials)
      .values({ personId: a.id, type: "AUTHENTICATOR_APP", secret: "JBSWY3DPEHPK3PXPJBSWY3DP" });
    await db
      .insert(recoveryCodes)
      .values({ personId: a.id, codeHash: "a".repeat(64), createdAt: t.clock.now() });
    const credentialId = randomBytes(16).toString("base64url");
    const publicKey = randomBytes(77).toString("base64url");
    await db.insert(passkeys).values({
      personId: a.id,
      credentialId,
      publicKey,
      name: "Laptop",
      passwordless: true,
    });
    await db.insert(sessionDevices).values({
      sessionUidHash: randomBytes(32).toString("hex"),
      personId: a.id,
      browser: "Firefox",
      os: "Linux",
      osVersion: "",
      device: "",
      address: "192.0.2.x",
    });
    expect((await patchConsent(t, a.token, "/consentMarketing", "REFUSED")).status).toBe(200);

    const res = await exportOf(t, a);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    // The name core defines for both sides (the web app saves the download under it too).
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${exportFileName(t.clock.now())}"`,
    );
    expect(exportFileName(t.clock.now())).toMatch(/^portal-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body: unknown = await res.json();
    // Exactly the contracts' shape: nothing more (a stray column would be an excess key).
    const document = Schema.decodeUnknownSync(PersonExport, { onExcessProperty: "error" })(body);
    expect(document).toEqual(body);
    expect(document.format).toBe(PERSON_EXPORT_FORMAT);
    expect(document.person).toMatchObject({
      id: a.id,
      email: a.email,
      consentMarketing: "REFUSED",
    });
    expect(document.account.emailConfirmed).toBe(true);
    expect(document.account.passkeyUpgrade).toBe(true);
    expect(document.consentHistory[0]).toMatchObject({
      consent: "marketing",
      value: "REFUSED",
      source: "profile",
    });
    expect(document.secondFactors).toEqual([
      { type: "AUTHENTICATOR_APP", createdAt: expect.any(String) },
    ]);
    expect(document.recoveryCodes).toEqual({ remaining: 1, createdAt: expect.any(String) });
    expect(document.mails.map((m) => m.kind)).toContain("optIn");
    expect(document.mails[0]?.subject).toEqual(expect.any(String));
    for (const value of stringsIn(document).filter((v) => !UUID.test(v))) {
      for (const pattern of SECRET_LOOKING) expect(value).not.toMatch(pattern);
    }
    for (const secret of ["JBSWY3DPEHPK3PXP", credentialId, publicKey, "a".repeat(64)]) {
      expect(JSON.stringify(document)).not.toContain(secret);
    }
    expect(document.passkeys).toEqual([
      expect.objectContaining({ name: "Laptop", passwordless: true, lastUsedAt: null }),
    ]);
    expect(document.sessions).toEqual([
      expect.objectContaining({ browser: "Firefox", os: "Linux", address: "192.0.2.x" }),
    ]);

    const activity = await t.call(`${API}/persons/me/activity`, bearer(a.token));
    const { events } = (await activity.json()) as SecurityEventPage;
    expect(events[0]?.kind).toBe("data-exported");
  });

  it("refuses the export without a fresh sign-in (REAUTHENTICATION_REQUIRED), recording nothing", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const old = await signedInAgo(t, a.id, FRESH_SIGN_IN_SECONDS + 60);
    const undated = await t.issuer.sign({ sub: a.id, cr_id: a.id, auth_time: undefined });
    for (const token of [old, undated]) {
      const res = await t.call(`${API}/persons/me/export`, bearer(token));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual([{ errorCode: "REAUTHENTICATION_REQUIRED" }]);
      expect(res.headers.get("www-authenticate")).toMatch(/insufficient_user_authentication/);
    }
    const activity = await t.call(`${API}/persons/me/activity`, bearer(a.token));
    const { events } = (await activity.json()) as SecurityEventPage;
    expect(events.map((e) => e.kind)).not.toContain("data-exported");
  });

  it("support exports a person by e-mail, which the person sees in the activity", async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const support = await t.issuer.sign(
      { sub: "service-account-portal-support", realm_access: { roles: ["portal-support"] } },
      { clientId: "portal-support" },
    );
    const res = await t.call(
      `${API}/support/persons/export?email=${encodeURIComponent(a.email.toUpperCase())}`,
      bearer(support),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as PersonExport).person.id).toBe(a.id);
    const activity = await t.call(`${API}/persons/me/activity`, bearer(a.token));
    const { events } = (await activity.json()) as SecurityEventPage;
    expect(events[0]?.kind).toBe("data-exported-by-support");

    const unknown = await t.call(
      `${API}/support/persons/export?email=nobody%40example.org`,
      bearer(support),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual([{ errorCode: "ACCOUNT_NOT_FOUND", field: "email" }]);
    // A person's own token is no support token.
    const own = await t.call(`${API}/support/persons/export?email=${a.email}`, bearer(a.token));
    expect(own.status).toBe(403);
  });
});

describe.each(embedded)("export rate limit on $name", (target) => {
  const server = useTestServer(target, {}, { realRateLimits: true });

  it(`allows ${EXPORT_BUDGET.limit} exports per hour and person, also when asked for in parallel`, async () => {
    const t = server();
    const a = await confirmedAccount(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => exportOf(t, a)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(EXPORT_BUDGET.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - EXPORT_BUDGET.limit);
    const refused = answers.find((r) => r.status === 429);
    expect(await refused?.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another person has their own budget.
    const b = await confirmedAccount(t);
    expect((await exportOf(t, b)).status).toBe(200);
  });
});
