import { randomBytes } from "node:crypto";
import type { OutboxMessage, RegistrationPayload } from "@portal/contracts";
import { eq } from "drizzle-orm";
import { persons } from "../db/schema/index.js";
import { settledAfterReply } from "../persons/after-reply.js";
import type { TestServer } from "./test-server.js";

/** The API prefix, for short test paths. */
export const API = "/api/user-management";

/** A password that meets the policy and names nobody. */
export const GOOD_PASSWORD = "Sommer-Wiese42";

/** A fresh address per test, so tests share a server without interfering. */
export const uniqueEmail = (label = "user"): string =>
  `${label}.${randomBytes(4).toString("hex")}@example.org`;

/** Request init for a JSON body (POST unless told), optionally with a bearer token. */
export const jsonRequest = (
  body: unknown,
  init: { readonly method?: string; readonly token?: string; readonly contentType?: string } = {},
): RequestInit => ({
  method: init.method ?? "POST",
  headers: {
    "content-type": init.contentType ?? "application/json",
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
  },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** Request init for a bearer call without a body. */
export const bearer = (token: string, method = "GET"): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}` },
});

/** A valid registration payload; `overrides` replace fields. */
export const registration = (
  overrides: Partial<RegistrationPayload> = {},
): RegistrationPayload => ({
  salutation: "MS",
  givenName: "Erika",
  surname: "Mustermann",
  email: uniqueEmail(),
  password: GOOD_PASSWORD,
  consentMarketing: "GIVEN",
  consentRecherche: "NOT_EXPRESSED",
  postRegistrationTargetKey: "MC",
  postRegistrationToken: "prt-4711",
  preferredLanguage: "de",
  ...overrides,
});

/** The outbox mails to `to`, newest first (after mails still being sent have gone out). */
export const mailsTo = async (t: TestServer, to: string): Promise<OutboxMessage[]> => {
  await settledAfterReply();
  const res = await t.call(`/outbox/api/messages?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return (await res.json()) as OutboxMessage[];
};

/** The newest mail to `to` (fails the test when there is none). */
export const latestMail = async (t: TestServer, to: string): Promise<OutboxMessage> => {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
};

/** A query parameter of the first link of a mail. */
export const linkParam = (mail: OutboxMessage, name: string): string => {
  const value = mail.links[0] ? new URL(mail.links[0]).searchParams.get(name) : null;
  if (!value) throw new Error(`mail link has no ${name}: ${mail.links.join(" ")}`);
  return value;
};

/** The id of the person with this address, read from the database. */
export const personIdOf = async (t: TestServer, email: string): Promise<string> => {
  const [row] = await t.server.database.db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.email, email.toLowerCase()));
  if (!row) throw new Error(`no person ${email}`);
  return row.id;
};

/** A registered and confirmed person with a signed access token. */
export interface TestAccount {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

/** Registers through the API, confirms through the mailed link, and signs a token. */
export const confirmedAccount = async (
  t: TestServer,
  overrides: Partial<RegistrationPayload> = {},
): Promise<TestAccount> => {
  const payload = registration(overrides);
  const res = await t.call(`${API}/persons/register`, jsonRequest(payload));
  if (res.status !== 201) throw new Error(`register answered ${res.status} ${await res.text()}`);
  const optinId = linkParam(await latestMail(t, payload.email), "optinId");
  const confirmed = await t.call(
    `${API}/persons/confirm-mail-address`,
    jsonRequest({ confirmationToken: optinId }),
  );
  if (confirmed.status !== 204) throw new Error(`confirm answered ${confirmed.status}`);
  const id = await personIdOf(t, payload.email);
  const token = await t.issuer.sign({ sub: id, cr_id: id, sid: `session-${id}` });
  return { id, email: payload.email.toLowerCase(), password: payload.password, token };
};

/**
 * One account per test server, created on first use: for tests that only check refusals
 * (nothing changes), so they need not register and hash a password each.
 */
export const sharedAccount = (server: () => TestServer): (() => Promise<TestAccount>) => {
  const accounts = new WeakMap<TestServer, Promise<TestAccount>>();
  return () => {
    const t = server();
    let account = accounts.get(t);
    if (!account) {
      account = confirmedAccount(t);
      accounts.set(t, account);
    }
    return account;
  };
};
