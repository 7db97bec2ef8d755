import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import {
  type Account,
  api,
  confirmedAccount,
  mailedToken,
  newPassword,
} from "./support/accounts.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";
import {
  countedAttempts,
  openLoginForm,
  openSecondFactorForm,
  portalSql,
  postForm,
} from "./support/sign-in-form.js";

// Issue 14, races: "make check-and-count atomic ... N parallel wrong attempts check at most
// the allowed number"; "no acknowledged change may be lost" (PATCH /persons/me, If-Match);
// "parallel password changes with the same old password: exactly one may succeed"; "two
// accounts confirming a change to the same address at once: a coded error, nothing half-written".

/** Four free failures, then the wait (identity README): at most five are ever checked in a row. */
const CHECKED_AT_MOST = 5;

describe.each(["pglite", "postgres"] as const)("parallel requests on %s", (database) => {
  let portal: SecurityPortal;
  beforeAll(async () => {
    portal = await leaseSecurityPortal({ database });
  });
  afterAll(() => portal?.close());

  const account = (label: string) => confirmedAccount(portal.url, portal.outbox, label);
  const token = async (a: Account) =>
    (await signInOverHttp(portal.url, a.email, a.password)).accessToken;
  const withFactor = async (a: Account, type: "EMAIL" | "AUTHENTICATOR_APP", secret?: string) => {
    await portalSql(
      portal.server,
      "insert into mfa_credentials (person_id, type, secret) select id, $2, $3 from persons where email = $1",
      [a.email, type, secret ?? null],
    );
  };

  it("20 wrong passwords at once: at most five are checked, then even the right one waits", async () => {
    const victim = await account("race-login");
    const forms = await Promise.all(Array.from({ length: 20 }, () => openLoginForm(portal.url)));
    const before = await countedAttempts(portal.server);
    const pages = await Promise.all(
      forms.map((f, i) =>
        postForm(f, { username: victim.email, password: `Wrong-${i}-Passw0rd!` }),
      ),
    );
    expect((await countedAttempts(portal.server)) - before).toBeLessThanOrEqual(CHECKED_AT_MOST);
    expect(
      pages.filter((p) => p.html.includes('data-qa="login-error"')).length,
    ).toBeLessThanOrEqual(4);
    const right = await postForm(await openLoginForm(portal.url), {
      username: victim.email,
      password: victim.password,
    });
    expect(right.html).toContain('data-qa="login-locked"');
  });

  it("12 wrong e-mail codes at once: each checked one uses up a try, at most five are checked", async () => {
    const person = await account("race-mailcode");
    await withFactor(person, "EMAIL");
    const form = await openSecondFactorForm(portal.url, person.email, person.password);
    const code = (await portal.outbox.next(person.email, { text: /\b\d{6}\b/ })).text.match(
      /\b(\d{6})\b/,
    )?.[1];
    const wrong = code === "000000" ? "111111" : "000000";
    const before = await countedAttempts(portal.server);
    await Promise.all(Array.from({ length: 12 }, () => postForm(form, { otp: wrong })));
    const checked = (await countedAttempts(portal.server)) - before;
    expect(checked).toBeLessThanOrEqual(CHECKED_AT_MOST);
    // No lost update: the code's try counter holds every checked entry.
    const [state] = await portalSql(
      portal.server,
      "select email_code_tries as tries from identity_login_states s join persons p on p.id = s.person_id where p.email = $1 and s.email_code_hash is not null",
      [person.email],
    );
    expect(Number(state?.tries)).toBe(checked);
    // Five tries used up: the right code no longer signs in.
    const late = await postForm(form, { otp: code ?? "" });
    expect(late.html).toMatch(/data-qa="(otp-error|login-locked)"/);
  });

  it("20 wrong authenticator codes at once: at most five are checked", async () => {
    const person = await account("race-totp");
    // A secret whose right code the test never sends: every guess is wrong.
    await withFactor(person, "AUTHENTICATOR_APP", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const form = await openSecondFactorForm(portal.url, person.email, person.password);
    const before = await countedAttempts(portal.server);
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postForm(form, { otp: String(i).padStart(6, "9") })),
    );
    expect((await countedAttempts(portal.server)) - before).toBeLessThanOrEqual(CHECKED_AT_MOST);
    expect(pages.filter((p) => p.html.includes('data-qa="otp-error"')).length).toBeLessThanOrEqual(
      4,
    );
  });

  const patchMe = (accessToken: string, operations: unknown, ifMatch?: string) =>
    fetch(portal.url + apiPath(API_ROUTES.patchMe), {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${accessToken}`,
        "content-type": "application/json-patch+json",
        ...(ifMatch ? { "if-match": ifMatch } : {}),
      },
      body: JSON.stringify(operations),
    });

  it("eight parallel patches of different fields: every acknowledged change is kept", async () => {
    const accessToken = await token(await account("race-patch"));
    // "add" where the new account has no value yet, "replace" where it has one.
    const changes = [
      ["add", "/title", "DR"],
      ["replace", "/givenName", "Erika Maria"],
      ["replace", "/surName", "Musterfrau"],
      ["add", "/position", "Leitung"],
      ["add", "/department", "Einkauf"],
      ["add", "/preferredLanguage", "fr-LU"],
      ["replace", "/consentMarketing", "GIVEN"],
      ["replace", "/consentRecherche", "REFUSED"],
    ] as const;
    const answers = await Promise.all(
      changes.map(([op, path, value]) => patchMe(accessToken, [{ op, path, value }])),
    );
    expect(answers.map((a) => a.status)).toEqual(changes.map(() => 200));
    const me = (await (
      await api(portal.url, API_ROUTES.getMe, { token: accessToken })
    ).json()) as Record<string, unknown>;
    for (const [, path, value] of changes) expect(me[path.slice(1)]).toBe(value);
  });

  it("If-Match: a form loaded before another window's save gets 412 PRECONDITION_FAILED, nothing written", async () => {
    const accessToken = await token(await account("race-etag"));
    const loaded = await api(portal.url, API_ROUTES.getMe, { token: accessToken });
    const etag = loaded.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The first window saves with the tag it loaded: accepted, and it gets the new tag.
    const first = await patchMe(
      accessToken,
      [{ op: "add", path: "/position", value: "Leitung" }],
      etag,
    );
    expect(first.status).toBe(200);
    const newTag = first.headers.get("etag");
    expect(newTag).toMatch(/^"[\w-]+"$/);
    expect(newTag).not.toBe(etag);
    // The second window still holds the old tag: refused, its change not applied.
    const second = await patchMe(
      accessToken,
      [{ op: "add", path: "/department", value: "Einkauf" }],
      etag,
    );
    expect(second.status).toBe(412);
    expect(await second.json()).toEqual([{ errorCode: "PRECONDITION_FAILED" }]);
    const weak = await patchMe(
      accessToken,
      [{ op: "add", path: "/department", value: "Einkauf" }],
      `W/${newTag}`,
    );
    expect(weak.status).toBe(412);
    const now = await api(portal.url, API_ROUTES.getMe, { token: accessToken });
    expect(now.headers.get("etag")).toBe(newTag);
    expect(await now.json()).toMatchObject({ position: "Leitung", department: null });
    // With the current tag it goes through.
    const third = await patchMe(
      accessToken,
      [{ op: "add", path: "/department", value: "Einkauf" }],
      newTag ?? "",
    );
    expect(third.status).toBe(200);
  });

  it("six parallel password changes with the same old password: exactly one succeeds", async () => {
    const owner = await account("race-password");
    const accessToken = await token(owner);
    const candidates = Array.from({ length: 6 }, () => newPassword());
    const answers = await Promise.all(
      candidates.map((p) =>
        api(portal.url, API_ROUTES.changePassword, {
          token: accessToken,
          body: { oldPassword: owner.password, newPassword: p },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    // The others lost the swap (PASSWORD_INCORRECT), or found the address's five checked
    // attempts spent (the current password counts against the sign-in's waits): 429.
    expect(statuses.filter((s) => s === 400 || s === 429)).toHaveLength(5);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(await a.json()).toEqual([{ errorCode: "PASSWORD_INCORRECT", field: "oldPassword" }]);
    }
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(await a.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
    }
    const winner = candidates[statuses.indexOf(204)] ?? "";
    await expect(signInOverHttp(portal.url, owner.email, winner)).resolves.toBeTruthy();
  });

  it("two accounts confirming a change to the same address at once: one wins, the other gets INVALID_OPT_IN", async () => {
    const [a, b] = await Promise.all([account("race-mail-a"), account("race-mail-b")]);
    const target = `race-target-${Date.now()}@example.test`;
    for (const who of [a, b]) {
      const res = await api(portal.url, API_ROUTES.changeMailAddress, {
        token: await token(who),
        body: { newEmail: target },
      });
      expect(res.status).toBe(200);
    }
    const tokens = [
      await mailedToken(portal.outbox, target, "emailChange"),
      await mailedToken(portal.outbox, target, "emailChange"),
    ];
    const answers = await Promise.all(
      tokens.map((t) =>
        api(portal.url, API_ROUTES.confirmMailAddress, { body: { confirmationToken: t } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
    const refused = answers.find((r) => r.status === 400);
    expect(await refused?.json()).toEqual([
      { errorCode: "INVALID_OPT_IN", field: "confirmationToken" },
    ]);
    // Nothing half-written: one account has the address, the other keeps its own.
    const rows = await portalSql(
      portal.server,
      "select email from persons where email in ($1, $2, $3)",
      [a.email, b.email, target],
    );
    expect(rows.map((r) => r.email)).toContain(target);
    expect(rows).toHaveLength(2);
  });
});
