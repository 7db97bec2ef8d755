import { readFileSync } from "node:fs";
import {
  API_ROUTES,
  type ApiRoute,
  type ApiRouteName,
  apiPath,
  type ErrorCode,
  JSON_PATCH_CONTENT_TYPE,
} from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  type TestAccount,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

// The other half of the route table's `errors` lists (the first: a test server fails on a
// code a route's entry does not list): every code an entry lists is one its route really
// answers. Each is provoked here, or, where it needs set-up another suite has (seeded
// memberships, spent rate limits), named with the test file that provokes it.

interface Context {
  readonly t: TestServer;
  readonly account: TestAccount;
  readonly support: string;
}
type Provoke = (c: Context) => Promise<Response>;

const send = (
  c: Context,
  name: ApiRouteName,
  body?: unknown,
  options: { token?: string; query?: string; params?: Record<string, string> } = {},
): Promise<Response> => {
  const route: ApiRoute = API_ROUTES[name];
  const path = `${apiPath(route, options.params)}${options.query ?? ""}`;
  const token =
    options.token ??
    (route.auth === "bearer" ? c.account.token : route.auth === "support" ? c.support : undefined);
  if (body === undefined) return c.t.call(path, token ? bearer(token, route.method) : {});
  return c.t.call(
    path,
    jsonRequest(body, {
      method: route.method,
      ...(token ? { token } : {}),
      ...(route.contentType ? { contentType: route.contentType } : {}),
    }),
  );
};

const REGISTRATION = {
  salutation: "MS",
  givenName: "Erika",
  surname: "Mustermann",
  email: "codes.probe@example.org",
  password: "Sommer-Wiese42",
  consentMarketing: "GIVEN",
  consentRecherche: "NOT_EXPRESSED",
  postRegistrationTargetKey: null,
  postRegistrationToken: null,
};

// A new password that breaks exactly one rule of the policy (names: Erika Mustermann).
const BAD_NEW_PASSWORDS = {
  NEW_PASSWORD_MISSING: "",
  PASSWORD_TOO_SHORT: "Wiese-42a",
  PASSWORD_TOO_LONG: `Wiese-42a${"x".repeat(60)}`,
  PASSWORD_TRIVIAL_VALUES: "Erika-Wiese42",
  PASSWORD_INVALID_CHARACTERS: "Sommer-Wiese42\u{1F600}",
  PASSWORD_LOWERCASE_MISSING: "SOMMER-WIESE42",
  PASSWORD_UPPERCASE_MISSING: "sommer-wiese42",
  PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING: "SommerWieseBlau",
} as const;

const newPasswordCases = (
  provoke: (password: string) => Provoke,
): Partial<Record<ErrorCode, Provoke>> =>
  Object.fromEntries(
    Object.entries(BAD_NEW_PASSWORDS).map(([code, password]) => [code, provoke(password)]),
  );

const patch =
  (operations: unknown[]): Provoke =>
  (c) =>
    send(c, "patchMe", operations);
const PHONE = {
  countryDialingCode: "+49",
  areaDialingCode: "30",
  subscriberNumber: "123456",
  extensionNumber: null,
};
const phone = (part: Partial<typeof PHONE> | Record<string, unknown>) =>
  patch([{ op: "add", path: "/telephoneNumber", value: { ...PHONE, ...part } }]);
const support =
  (name: ApiRouteName, email: string): Provoke =>
  (c) =>
    send(c, name, { email });

/** The codes provoked here, per route (each a request that answers it). */
/** A well-formed id that names no row. */
const NO_ID = "00000000-0000-4000-8000-000000000000";

const PROVOKED: { readonly [N in ApiRouteName]?: Partial<Record<ErrorCode, Provoke>> } = {
  register: {
    ...newPasswordCases((password) => (c) => send(c, "register", { ...REGISTRATION, password })),
    INVALID_NAME: (c) => send(c, "register", { ...REGISTRATION, givenName: "<b>Erika</b>" }),
    FIRSTNAME_MISSING: (c) => send(c, "register", { ...REGISTRATION, givenName: " " }),
    LASTNAME_MISSING: (c) => send(c, "register", { ...REGISTRATION, surname: "" }),
    FIRSTNAME_TOO_LONG: (c) => send(c, "register", { ...REGISTRATION, givenName: "E".repeat(256) }),
    LASTNAME_TOO_LONG: (c) => send(c, "register", { ...REGISTRATION, surname: "M".repeat(256) }),
    FIELD_EMPTY: (c) => send(c, "register", { ...REGISTRATION, email: "" }),
    EMAIL_NOT_VALID: (c) => send(c, "register", { ...REGISTRATION, email: "no-address" }),
    INVALID_CREFONUMMER: (c) => send(c, "register", { ...REGISTRATION, crefonummer: "12ab" }),
    CTO_ZUGANGSDATEN_INVALID: (c) =>
      send(c, "register", {
        ...REGISTRATION,
        ctoZugangsdaten: { mitgliedskennung: "", personalPassword: "", generalPassword: "" },
      }),
    INVALID_MEMBER_USER_ID: (c) =>
      send(c, "register", {
        ...REGISTRATION,
        ctoZugangsdaten: { mitgliedskennung: "abc", personalPassword: "p", generalPassword: "g" },
      }),
    BACKEND_VALIDATION_ERROR: (c) =>
      send(c, "register", { ...REGISTRATION, email: c.account.email }),
  },
  confirmMailAddress: {
    INVALID_OPT_IN: (c) => send(c, "confirmMailAddress", { confirmationToken: "no-such-token" }),
  },
  confirmDeletion: {
    INVALID_OPT_IN: (c) => send(c, "confirmDeletion", { optOutToken: "no-such-token" }),
  },
  cancelMailAddressChangeByToken: {
    INVALID_OPT_IN: (c) =>
      send(c, "cancelMailAddressChangeByToken", { cancelToken: "no-such-token" }),
  },
  secureAccountByToken: {
    INVALID_OPT_IN: (c) => send(c, "secureAccountByToken", { secureToken: "no-such-token" }),
  },
  revertMailAddress: {
    INVALID_OPT_IN: (c) => send(c, "revertMailAddress", { revertToken: "no-such-token" }),
  },
  cancelMailAddressChange: {
    NO_OPEN_EMAIL_CHANGE: (c) => send(c, "cancelMailAddressChange"),
  },
  resendOptInMail: {
    EMAIL_NOT_VALID: (c) => send(c, "resendOptInMail", { email: "a\nb@example.org" }),
  },
  getWebTarget: {
    NOT_FOUND: (c) => send(c, "getWebTarget", undefined, { params: { key: "NOSUCHKEY" } }),
  },
  patchMe: {
    INVALID_NAME: patch([{ op: "replace", path: "/givenName", value: "<b>Erika</b>" }]),
    FIRSTNAME_MISSING: patch([{ op: "replace", path: "/givenName", value: " " }]),
    LASTNAME_MISSING: patch([{ op: "remove", path: "/surName" }]),
    FIRSTNAME_TOO_LONG: patch([{ op: "replace", path: "/givenName", value: "E".repeat(256) }]),
    LASTNAME_TOO_LONG: patch([{ op: "replace", path: "/surName", value: "M".repeat(256) }]),
    INVALID_TITLE: patch([{ op: "add", path: "/title", value: "SIR" }]),
    INVALID_BIRTHDATE: patch([{ op: "add", path: "/dateOfBirth", value: "2000-02-31" }]),
    INVALID_CHARACTERS: patch([{ op: "add", path: "/position", value: "Leitung\nEinkauf" }]),
    INVALID_CREFONUMMER: patch([{ op: "add", path: "/unverifiedCrefonummer", value: "12ab" }]),
    PHONE_COUNTRYCODE_INVALID: phone({ countryDialingCode: "+999" }),
    PHONE_AREA_CODE_INVALID: phone({ areaDialingCode: "ab" }),
    PHONE_SUBSCRIBER_NUMBER_INVALID: phone({ subscriberNumber: "12a456" }),
    PHONE_EXTENTION_NUMBER_INVALID: phone({ extensionNumber: "1x" }),
    PHONE_NUMBER_INVALID: phone({ subscriberNumber: "" }),
    INVALID_PATCH: (c) => send(c, "patchMe", { op: "add" }),
    PRECONDITION_FAILED: (c) =>
      c.t.call(apiPath(API_ROUTES.patchMe), {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${c.account.token}`,
          "content-type": JSON_PATCH_CONTENT_TYPE,
          "if-match": '"outdated"',
        },
        body: JSON.stringify([{ op: "add", path: "/position", value: "Leitung" }]),
      }),
  },
  renamePasskey: {
    // The name is checked before the passkey is looked up: no passkey needed.
    FIELD_EMPTY: (c) => send(c, "renamePasskey", { name: "   " }, { params: { passkeyId: NO_ID } }),
    INVALID_CHARACTERS: (c) =>
      send(c, "renamePasskey", { name: "Laptop\nKey" }, { params: { passkeyId: NO_ID } }),
  },
  changeMailAddress: {
    FIELD_EMPTY: (c) => send(c, "changeMailAddress", { newEmail: "" }),
    EMAIL_NOT_VALID: (c) => send(c, "changeMailAddress", { newEmail: "no-address" }),
    EMAIL_UNCHANGED: (c) => send(c, "changeMailAddress", { newEmail: c.account.email }),
  },
  changePassword: {
    ...newPasswordCases(
      (newPassword) => (c) =>
        send(c, "changePassword", { oldPassword: c.account.password, newPassword }),
    ),
    OLD_PASSWORD_MISSING: (c) =>
      send(c, "changePassword", { oldPassword: "", newPassword: "Herbst-Laub-77" }),
    PASSWORD_INCORRECT: (c) =>
      send(c, "changePassword", { oldPassword: "Falsch-Wort-1", newPassword: "Herbst-Laub-77" }),
    PASSWORD_IN_HISTORY: (c) =>
      send(c, "changePassword", {
        oldPassword: c.account.password,
        newPassword: c.account.password,
      }),
  },
  registerMembership: {
    CTO_ZUGANGSDATEN_INVALID: (c) =>
      send(c, "registerMembership", {
        mitgliedskennung: "",
        personalPassword: "",
        generalPassword: "",
      }),
    INVALID_MEMBER_USER_ID: (c) =>
      send(c, "registerMembership", {
        mitgliedskennung: "abc",
        personalPassword: "p",
        generalPassword: "g",
      }),
  },
  requestPasswordResetMail: {
    EMAIL_NOT_VALID: (c) => send(c, "requestPasswordResetMail", { email: "a\nb@example.org" }),
  },
  // An unknown token is an answer ({ valid: false }); only one no mail carries is refused.
  checkPasswordResetToken: {
    INVALID_OPT_IN: (c) =>
      send(c, "checkPasswordResetToken", { passwordResetToken: "no-such\ntoken" }),
  },
  checkOneClickLink: {
    INVALID_OPT_IN: (c) =>
      send(c, "checkOneClickLink", { link: "secureAccount", token: "no-such\ntoken" }),
  },
  checkDeletionToken: {
    INVALID_OPT_IN: (c) => send(c, "checkDeletionToken", { optOutToken: "no-such\ntoken" }),
  },
  resetPassword: {
    ...newPasswordCases(
      (newPassword) => async (c) =>
        send(c, "resetPassword", { passwordResetToken: await resetToken(c), newPassword }),
    ),
    INVALID_OPT_IN: (c) =>
      send(c, "resetPassword", {
        passwordResetToken: "no-such-token",
        newPassword: "Herbst-Laub-77",
      }),
    PASSWORD_IN_HISTORY: async (c) =>
      send(c, "resetPassword", {
        passwordResetToken: await resetToken(c),
        newPassword: c.account.password,
      }),
  },
  supportShowPerson: {
    FIELD_EMPTY: (c) => send(c, "supportShowPerson", undefined, { query: "?email=%20" }),
    EMAIL_NOT_VALID: (c) => send(c, "supportShowPerson", undefined, { query: "?email=a%0Ab" }),
    ACCOUNT_NOT_FOUND: (c) =>
      send(c, "supportShowPerson", undefined, { query: "?email=nobody%40example.org" }),
  },
  supportExportPerson: {
    FIELD_EMPTY: (c) => send(c, "supportExportPerson", undefined, { query: "?email=%20" }),
    EMAIL_NOT_VALID: (c) => send(c, "supportExportPerson", undefined, { query: "?email=a%0Ab" }),
    ACCOUNT_NOT_FOUND: (c) =>
      send(c, "supportExportPerson", undefined, { query: "?email=nobody%40example.org" }),
  },
  supportResendOptIn: {
    FIELD_EMPTY: support("supportResendOptIn", " "),
    EMAIL_NOT_VALID: support("supportResendOptIn", "a\nb"),
    ACCOUNT_NOT_FOUND: support("supportResendOptIn", "nobody@example.org"),
    ACCOUNT_ALREADY_CONFIRMED: (c) => send(c, "supportResendOptIn", { email: c.account.email }),
  },
  supportResendDeletion: {
    FIELD_EMPTY: support("supportResendDeletion", " "),
    EMAIL_NOT_VALID: support("supportResendDeletion", "a\nb"),
    ACCOUNT_NOT_FOUND: support("supportResendDeletion", "nobody@example.org"),
    NO_OPEN_DELETION_REQUEST: (c) => send(c, "supportResendDeletion", { email: c.account.email }),
  },
  supportResendEmailChange: {
    FIELD_EMPTY: support("supportResendEmailChange", " "),
    EMAIL_NOT_VALID: support("supportResendEmailChange", "a\nb"),
    ACCOUNT_NOT_FOUND: support("supportResendEmailChange", "nobody@example.org"),
    NO_OPEN_EMAIL_CHANGE: (c) => send(c, "supportResendEmailChange", { email: c.account.email }),
  },
  supportSsfVerify: {
    NOT_FOUND: (c) =>
      send(c, "supportSsfVerify", undefined, {
        params: { streamId: "00000000-0000-4000-8000-000000000000" },
      }),
  },
};

const MEMBERSHIP_TESTS = "server/src/memberships/membership-routes.test.ts";
const ABUSE_LIMIT_TESTS = "server/src/persons/abuse-limits.test.ts";
const MEMBER_CODES_ELSEWHERE = (file: string) => ({
  MITGLIEDSKENNUNG_ALREADY_REGISTERED: file,
  MITGLIEDSKENNUNG_LOCKED: file,
  MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM: file,
  MITGLIEDSNUMMER_UNKNOWN: file,
  MITGLIEDSNUMMER_NO_LONGER_VALID: file,
  MITGLIEDSNUMMER_NOT_YET_VALID: file,
});

/**
 * Codes whose provocation needs the set-up of another suite: seeded membership credentials,
 * a member's account, or a rate limit spent with real counters. The file named must
 * provoke the code (it names it).
 */
// A sign-in older than 5 minutes needs a token whose auth_time lies in the past.
const FRESH_SIGN_IN_TESTS = "server/src/persons/fresh-sign-in.test.ts";
const RESTORE_TESTS = "server/src/privacy/account-restore.test.ts";

const PROVOKED_ELSEWHERE: { readonly [N in ApiRouteName]?: Partial<Record<ErrorCode, string>> } = {
  companySuggestions: { TOO_MANY_REQUESTS: "server/src/rate-limit/shared-limits.test.ts" },
  register: { ...MEMBER_CODES_ELSEWHERE(MEMBERSHIP_TESTS), TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  requestDeletion: {
    MEMBER_CANNOT_DELETE: "server/src/persons/deletion-routes.test.ts",
    REAUTHENTICATION_REQUIRED: FRESH_SIGN_IN_TESTS,
    // A second request within the resend cooldown.
    TOO_MANY_REQUESTS: "server/src/persons/resend-cooldown.test.ts",
  },
  // A membership linked after the link was mailed.
  confirmDeletion: { MEMBER_CANNOT_DELETE: "server/src/persons/deletion-routes.test.ts" },
  // A closed account (a grace period set) with its password and an authenticator app.
  restoreAccount: {
    INVALID_OPT_IN: RESTORE_TESTS,
    PASSWORD_INCORRECT: RESTORE_TESTS,
    SECOND_FACTOR_REQUIRED: RESTORE_TESTS,
    SECOND_FACTOR_INCORRECT: RESTORE_TESTS,
    TOO_MANY_REQUESTS: RESTORE_TESTS,
  },
  // A factor suspended by "This wasn't me", and a token with an old sign-in.
  keepSuspendedFactor: {
    REAUTHENTICATION_REQUIRED: "server/src/credentials/suspended-factors/suspended-factors.test.ts",
    NOT_FOUND: "server/src/credentials/suspended-factors/suspended-factors.test.ts",
  },
  // The sign-in's brute-force waits, and the per-client budget.
  changePassword: {
    TOO_MANY_REQUESTS: "server/src/persons/password-change-guesses.test.ts",
    REAUTHENTICATION_REQUIRED: FRESH_SIGN_IN_TESTS,
  },
  resendOptInMail: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  changeMailAddress: {
    TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS,
    REAUTHENTICATION_REQUIRED: FRESH_SIGN_IN_TESTS,
  },
  resendChangeMailAddress: { TOO_MANY_REQUESTS: "server/src/http/error-codes-answered.test.ts" },
  // "This wasn't me": the per-client budget, shared by the link and the security page.
  secureAccountByToken: { TOO_MANY_REQUESTS: "server/src/persons/secure-account.test.ts" },
  secureMyAccount: { TOO_MANY_REQUESTS: "server/src/persons/secure-account.test.ts" },
  // The old address taken by another account since the change.
  revertMailAddress: { EMAIL_ADDRESS_TAKEN: "server/src/persons/email-change-undo.test.ts" },
  registerMembership: {
    ...MEMBER_CODES_ELSEWHERE(MEMBERSHIP_TESTS),
    TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS,
  },
  requestPasswordResetMail: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  checkPasswordResetToken: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  checkDeletionToken: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  checkOneClickLink: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  resetPassword: { TOO_MANY_REQUESTS: ABUSE_LIMIT_TESTS },
  sendAnalyticsEvent: { TOO_MANY_REQUESTS: "server/src/analytics/analytics-routes.test.ts" },
  // A fresh sign-in is checked before the limit counts: both need their own tokens/counters.
  exportMyData: {
    REAUTHENTICATION_REQUIRED: "server/src/privacy/privacy-routes.test.ts",
    TOO_MANY_REQUESTS: "server/src/privacy/privacy-routes.test.ts",
  },
};

// One reset link per account, mailed once: a refused password leaves it usable.
const resetTokens = new WeakMap<TestAccount, Promise<string>>();
const resetToken = (c: Context): Promise<string> => {
  let token = resetTokens.get(c.account);
  if (!token) {
    token = (async () => {
      const res = await send(c, "requestPasswordResetMail", { email: c.account.email });
      expect(res.status).toBe(202);
      return linkParam(await latestMail(c.t, c.account.email), "passwordResetToken");
    })();
    resetTokens.set(c.account, token);
  }
  return token;
};

const routes = Object.entries(API_ROUTES) as Array<[ApiRouteName, ApiRoute]>;

it("every code of every entry's errors list is provoked here or by a named suite", () => {
  for (const [name, route] of routes) {
    const here = Object.keys(PROVOKED[name] ?? {});
    const elsewhere = PROVOKED_ELSEWHERE[name] ?? {};
    expect([...here, ...Object.keys(elsewhere)].sort(), name).toEqual([...route.errors].sort());
    for (const [code, file] of Object.entries(elsewhere)) {
      const source = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
      const named =
        source.includes(code) || (code === "TOO_MANY_REQUESTS" && source.includes("429"));
      expect(named, `${name} ${code} in ${file}`).toBe(true);
    }
  }
});

describe("each route answers each code its entry lists", () => {
  const [pglite] = databases;
  const server = useTestServer(pglite!);
  let context: Promise<Context> | undefined;
  const ctx = () => {
    context ??= (async () => {
      const t = server();
      const account = await confirmedAccount(t);
      const support = await t.issuer.sign(
        { sub: "service-account-portal-support", realm_access: { roles: ["portal-support"] } },
        { clientId: "portal-support" },
      );
      return { t, account, support };
    })();
    return context;
  };
  const cases = routes.flatMap(([name]) =>
    Object.entries(PROVOKED[name] ?? {}).map(([code, provoke]) => [name, code, provoke] as const),
  );

  it.each(cases)("%s answers %s", async (name, code, provoke) => {
    const res = await provoke(await ctx());
    const body = (await res.json()) as Array<{ errorCode: string }>;
    expect(res.status, `${name} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
    expect(
      body.map((e) => e.errorCode),
      name,
    ).toContain(code);
  });
});

describe("rate limits no other suite spends", () => {
  const [pglite] = databases;
  const server = useTestServer(pglite!, {}, { realRateLimits: true });

  it("resendChangeMailAddress answers TOO_MANY_REQUESTS once the new address had its mails", async () => {
    const t = server();
    const account = await confirmedAccount(t);
    const c: Context = { t, account, support: "" };
    const change = await send(c, "changeMailAddress", { newEmail: "codes.limit@example.org" });
    expect(change.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10 && !statuses.includes(429); i++) {
      const res = await send(c, "resendChangeMailAddress");
      statuses.push(res.status);
      if (res.status === 429)
        expect(await res.json()).toEqual([{ errorCode: "TOO_MANY_REQUESTS" }]);
      else await res.arrayBuffer();
    }
    expect(statuses).toContain(429);
  });
});
