import { API_ROUTES, type PatchOperation } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { type Account, api, confirmedAccount } from "./support/accounts.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, load: "50 concurrent simulated users each registering, confirming, signing in
// (the provider's pages over HTTP) and patching their profile: no error, and every write
// read back".

const USERS = 50;

let portal: SecurityPortal;
beforeAll(async () => {
  // PostgreSQL: the production database, with real connection-pool contention.
  portal = await leaseSecurityPortal({ database: "postgres" });
});
afterAll(() => portal?.close());

/** The profile edit of user `i`: distinct values per user, so a mix-up would show. */
const editOf = (i: number): PatchOperation[] => [
  { op: "add", path: "/position", value: `Einkauf ${i}` },
  { op: "add", path: "/department", value: `Abteilung ${i}` },
  {
    op: "add",
    path: "/dateOfBirth",
    value: `19${String(50 + (i % 50)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 10}`,
  },
  {
    op: "add",
    path: "/telephoneNumber",
    value: {
      countryDialingCode: "+49",
      areaDialingCode: "30",
      subscriberNumber: String(1000000 + i),
    },
  },
];

interface Journey {
  readonly account: Account;
  readonly accessToken: string;
  readonly timings: Record<string, number>;
}

const journey = async (i: number): Promise<Journey> => {
  const t0 = performance.now();
  const account = await confirmedAccount(portal.url, portal.outbox, `load-${i}`);
  const t1 = performance.now();
  const { accessToken } = await signInOverHttp(portal.url, account.email, account.password);
  const t2 = performance.now();
  const patched = await api(portal.url, API_ROUTES.patchMe, {
    token: accessToken,
    body: editOf(i),
  });
  if (patched.status !== 200)
    throw new Error(`user ${i}: PATCH ${patched.status} ${await patched.text()}`);
  const t3 = performance.now();
  return {
    account,
    accessToken,
    timings: { registerAndConfirm: t1 - t0, signIn: t2 - t1, patch: t3 - t2 },
  };
};

describe(`${USERS} concurrent users`, () => {
  it("register, confirm, sign in and patch without an error; every write reads back", async () => {
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: USERS }, (_, i) => journey(i)));
    const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    const journeys = results.map((r) => (r as PromiseFulfilledResult<Journey>).value);
    const wall = performance.now() - started;

    // Read back after everybody finished: each person holds exactly their own edit.
    await Promise.all(
      journeys.map(async ({ account, accessToken }, i) => {
        const res = await api(portal.url, API_ROUTES.getMe, { token: accessToken });
        expect(res.status).toBe(200);
        const person = (await res.json()) as Record<string, unknown>;
        expect(person.email).toBe(account.email);
        const expected = Object.fromEntries(editOf(i).map((op) => [op.path.slice(1), op.value]));
        expect(person).toMatchObject({
          ...expected,
          telephoneNumber: expect.objectContaining(expected.telephoneNumber as object),
        });
      }),
    );
    const slowest = (key: string) => Math.max(...journeys.map((j) => j.timings[key] ?? 0));
    console.info(
      `load: ${USERS} users in ${(wall / 1000).toFixed(1)} s; slowest register+confirm ${slowest("registerAndConfirm").toFixed(0)} ms, sign-in ${slowest("signIn").toFixed(0)} ms, patch ${slowest("patch").toFixed(0)} ms`,
    );
  }, 180_000);
});
