import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settledAfterReply } from "../../../server/src/persons/after-reply.js";
import { registerConfirmedAccount } from "../support/accounts-api.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, account enumeration: "password forgotten and resend opt-in answer the same status
// and body for known and unknown addresses, with no timing difference beyond noise (median
// of 20 each)". Spec standard: "never reveal whether an e-mail address has an account".

const SAMPLES = 20;
const PASSWORD = "Kq7!Wiesenweg-93";

let portal: SecurityPortal;
let confirmed: string;
let unconfirmed: string;

beforeAll(async () => {
  // PostgreSQL, as in production: PGlite runs inside the server's process, so its own work
  // after a mail was written still shows in the next answer's time (about 10 ms).
  portal = await leaseSecurityPortal({ database: "postgres" });
  confirmed = `enum-confirmed-${Date.now()}@example.test`;
  await registerConfirmedAccount(portal.url, portal.outbox, {
    email: confirmed,
    password: PASSWORD,
    givenName: "Erika",
    surName: "Mustermann",
  });
  unconfirmed = `enum-unconfirmed-${Date.now()}@example.test`;
  const res = await post(API_ROUTES.register, registration(unconfirmed));
  expect(res.status).toBe(201);
});
afterAll(() => portal?.close());

const registration = (email: string) => ({
  salutation: "MS",
  givenName: "Erika",
  surname: "Mustermann",
  email,
  password: PASSWORD,
  consentMarketing: "REFUSED",
  consentRecherche: "REFUSED",
  postRegistrationTargetKey: null,
  postRegistrationToken: null,
});

const post = (route: (typeof API_ROUTES)[keyof typeof API_ROUTES], body: unknown) =>
  fetch(portal.url + apiPath(route), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Status, body and the headers a caller could read a difference from. */
const answer = async (res: Response) => ({
  status: res.status,
  body: await res.text(),
  contentType: res.headers.get("content-type"),
  contentLength: res.headers.get("content-length"),
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Median answer times for the known and an unknown address, measured alternately so both
 * see the same machine load. A fresh unknown address per call, as an attacker would try.
 */
const timings = async (route: (typeof API_ROUTES)[keyof typeof API_ROUTES], known: string) => {
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  const once = async (email: string) => {
    const t = performance.now();
    const res = await post(route, { email });
    await res.arrayBuffer();
    const ms = performance.now() - t;
    // The mail of the previous call must not slow the next one down: each is timed alone.
    await settledAfterReply();
    return ms;
  };
  // Warm-up: the first calls compile code paths.
  await once(known);
  await once(`warm-${Date.now()}@example.test`);
  for (let i = 0; i < SAMPLES; i++) {
    knownMs.push(await once(known));
    unknownMs.push(await once(`nobody-${i}-${Date.now()}@example.test`));
  }
  return { known: median(knownMs), unknown: median(unknownMs) };
};

describe.each([
  ["password forgotten", API_ROUTES.requestPasswordResetMail, () => confirmed],
  ["resend opt-in", API_ROUTES.resendOptInMail, () => unconfirmed],
])("%s", (_name, route, known) => {
  it("answers a known and an unknown address alike", async () => {
    const forKnown = await answer(await post(route, { email: known() }));
    const forUnknown = await answer(
      await post(route, { email: `nobody-${Date.now()}@example.test` }),
    );
    expect(forKnown.status).toBe(route.status);
    expect(forUnknown).toEqual(forKnown);
    // Upper case and spaces: the same account, the same answer.
    const variant = await answer(await post(route, { email: ` ${known().toUpperCase()} ` }));
    expect(variant).toEqual(forKnown);
  });

  it(`takes no longer for a known address beyond noise (median of ${SAMPLES} each)`, async () => {
    const { known: k, unknown: u } = await timings(route, known());
    const tolerance = Math.max(15, 0.5 * Math.max(k, u));
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(
      tolerance,
    );
  }, 60_000);
});
