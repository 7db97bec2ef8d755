import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, persons } from "../db/schema/index.js";
import { hashPassword } from "../security/password-hash.js";
import {
  API,
  bearer,
  confirmedAccount,
  jsonRequest,
  latestMail,
  linkParam,
  registration,
  sharedAccount,
} from "../test-support/api-helpers.js";
import { databases } from "../test-support/databases.js";
import type { TestServer } from "../test-support/test-server.js";
import { useTestServer } from "../test-support/use-test-server.js";

const DAY = 24 * 60 * 60 * 1000;
const PERSONAL = "persoenlich-1";
const GENERAL = "allgemein-2";
// argon2id is slow on purpose: hash the two test passwords once per file.
let hashes: Promise<[string, string]> | undefined;
const passwordHashes = () => {
  hashes ??= Promise.all([hashPassword(PERSONAL), hashPassword(GENERAL)]);
  return hashes;
};

/** Stores a membership with hashed passwords; `state` sets locked, platform flag, validity, owner. */
const issueMembership = async (
  t: TestServer,
  state: Partial<typeof memberships.$inferInsert> = {},
): Promise<{ mitgliedskennung: string; memberNumber: string }> => {
  const mitgliedskennung = String(randomInt(100_000_000, 999_999_999));
  const memberNumber = String(randomInt(100_000, 989_999));
  const [personalPasswordHash, generalPasswordHash] = await passwordHashes();
  await t.server.database.db.insert(memberships).values({
    mitgliedskennung,
    memberNumber,
    personalPasswordHash,
    generalPasswordHash,
    ...state,
  });
  return { mitgliedskennung, memberNumber };
};

const link = (t: TestServer, token: string, body: unknown) =>
  t.call(`${API}/persons/me/register-mitgliedskennung`, jsonRequest(body, { token }));

describe.each(databases)(
  "membership (register-mitgliedskennung, member registration) on $name",
  (target) => {
    const server = useTestServer(target);
    // Refusals link nothing, so they share one account.
    const refusalAccount = sharedAccount(server);

    it("links the membership, stores mapping and number for the next token, and answers both", async () => {
      const t = server();
      const account = await confirmedAccount(t);
      const m = await issueMembership(t);
      const res = await link(t, account.token, {
        mitgliedskennung: m.mitgliedskennung,
        personalPassword: PERSONAL,
        generalPassword: GENERAL,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(m);
      const [row] = await t.server.database.db
        .select()
        .from(persons)
        .where(eq(persons.id, account.id));
      expect(row).toMatchObject({
        memberNumber: m.memberNumber,
        mitgliedskennung: m.mitgliedskennung,
        memberMapping: `${m.memberNumber}:${m.mitgliedskennung}`,
      });
      const me = (await (
        await t.call(`${API}/persons/me`, bearer(account.token))
      ).json()) as Record<string, unknown>;
      expect(me).toMatchObject({
        memberNumber: m.memberNumber,
        mitgliedskennung: m.mitgliedskennung,
      });
    });

    const cases: ReadonlyArray<
      [string, string, number, (t: TestServer) => Promise<Record<string, string>>]
    > = [
      [
        "an unknown membership ID",
        "MITGLIEDSNUMMER_UNKNOWN",
        400,
        async () => ({
          mitgliedskennung: "99",
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a wrong personal password",
        "CTO_ZUGANGSDATEN_INVALID",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t)).mitgliedskennung,
          personalPassword: "falsch",
          generalPassword: GENERAL,
        }),
      ],
      [
        "a wrong general password",
        "CTO_ZUGANGSDATEN_INVALID",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t)).mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: "falsch",
        }),
      ],
      [
        "a locked membership ID",
        "MITGLIEDSKENNUNG_LOCKED",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t, { locked: true })).mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a membership ID not enabled for the platform",
        "MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t, { platformEnabled: false })).mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a membership valid from tomorrow",
        "MITGLIEDSNUMMER_NOT_YET_VALID",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t, { validFrom: new Date(Date.now() + DAY) }))
            .mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a membership that ended yesterday",
        "MITGLIEDSNUMMER_NO_LONGER_VALID",
        400,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t, { validTo: new Date(Date.now() - DAY) }))
            .mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a membership ID of another account",
        "MITGLIEDSKENNUNG_ALREADY_REGISTERED",
        409,
        async (t) => ({
          mitgliedskennung: (await issueMembership(t, { personId: (await confirmedAccount(t)).id }))
            .mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "a non-numeric membership ID",
        "INVALID_MEMBER_USER_ID",
        400,
        async () => ({
          mitgliedskennung: "ab12",
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        }),
      ],
      [
        "an empty password",
        "CTO_ZUGANGSDATEN_INVALID",
        400,
        async () => ({ mitgliedskennung: "123", personalPassword: "", generalPassword: GENERAL }),
      ],
    ];

    it.each(cases)("refuses %s with %s and links nothing", async (_label, code, status, body) => {
      const t = server();
      const account = await refusalAccount();
      const res = await link(t, account.token, await body(t));
      expect(res.status).toBe(status);
      expect(((await res.json()) as Array<{ errorCode: string }>)[0]?.errorCode).toBe(code);
      const [row] = await t.server.database.db
        .select()
        .from(persons)
        .where(eq(persons.id, account.id));
      expect(row?.memberMapping).toBeNull();
    });

    it.each(cases.filter(([, code]) => code.startsWith("MITGLIED") || code.startsWith("CTO")))(
      "registration with %s fails with %s and creates no account",
      async (_label, code, status, body) => {
        const t = server();
        const payload = registration({ ctoZugangsdaten: (await body(t)) as never });
        const res = await t.call(`${API}/persons/register`, jsonRequest(payload));
        expect(res.status).toBe(status);
        expect(await res.json()).toEqual([{ errorCode: code, field: "ctoZugangsdaten" }]);
        const rows = await t.server.database.db
          .select()
          .from(persons)
          .where(eq(persons.email, payload.email.toLowerCase()));
        expect(rows).toEqual([]);
      },
    );

    it("registers a member with the membership credentials (company through the membership)", async () => {
      const t = server();
      const m = await issueMembership(t);
      const payload = registration({
        crefonummer: "1234567890",
        ctoZugangsdaten: {
          mitgliedskennung: m.mitgliedskennung,
          personalPassword: PERSONAL,
          generalPassword: GENERAL,
        },
      });
      const res = await t.call(`${API}/persons/register`, jsonRequest(payload));
      expect(res.status).toBe(201);
      const [row] = await t.server.database.db
        .select()
        .from(persons)
        .where(eq(persons.email, payload.email.toLowerCase()));
      expect(row).toMatchObject({
        memberNumber: m.memberNumber,
        mitgliedskennung: m.mitgliedskennung,
        unverifiedCrefonummer: null,
      });
      const [owned] = await t.server.database.db
        .select()
        .from(memberships)
        .where(eq(memberships.mitgliedskennung, m.mitgliedskennung));
      expect(owned?.personId).toBe(row?.id);
      expect(linkParam(await latestMail(t, payload.email), "optinId")).toBeTruthy();
    });
  },
);
