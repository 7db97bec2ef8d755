import { API_ROUTES, apiPath, type RegistrationPayload } from "@portal/contracts";
import type { Outbox } from "./outbox.js";

/** Where the opt-in mail's link points (issue 3). */
export const REGISTER_OPTIN_PATH = "/benutzerverwaltung/registrierung-bestaetigen";

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly givenName: string;
  readonly surName: string;
}

/** Registers `account` through the API (unconfirmed: the opt-in mail is in the outbox). */
export const registerAccount = async (
  origin: string,
  account: NewAccount,
  extra: Partial<RegistrationPayload> = {},
): Promise<void> => {
  const body: RegistrationPayload = {
    salutation: "MS",
    givenName: account.givenName,
    surname: account.surName,
    email: account.email,
    password: account.password,
    consentMarketing: "REFUSED",
    consentRecherche: "REFUSED",
    postRegistrationTargetKey: null,
    postRegistrationToken: null,
    ...extra,
  };
  const res = await fetch(origin + apiPath(API_ROUTES.register), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== API_ROUTES.register.status) {
    throw new Error(`register ${account.email}: ${res.status} ${await res.text()}`);
  }
};

/**
 * Registers `account` through the API and confirms it with the token of the opt-in mail,
 * as a user who has done the registration journey before: for journeys and benchmarks
 * whose subject is something else.
 */
export const registerConfirmedAccount = async (
  origin: string,
  outbox: Outbox,
  account: NewAccount,
  extra: Partial<RegistrationPayload> = {},
): Promise<void> => {
  await registerAccount(origin, account, extra);
  const link = await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
  const token = link.searchParams.get("optinId");
  if (!token) throw new Error(`opt-in link without optinId: ${link.href}`);
  const confirm = await fetch(origin + apiPath(API_ROUTES.confirmMailAddress), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ confirmationToken: token }),
  });
  if (!confirm.ok)
    throw new Error(`confirm ${account.email}: ${confirm.status} ${await confirm.text()}`);
};

/**
 * A fresh account for tools without the e2e fixtures (benchmarks): a unique address and a
 * policy-conforming password that contains neither name nor address.
 */
export const freshAccount = (label: string): NewAccount => ({
  email: `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: `Kq7!${Math.random().toString(36).slice(2, 10)}zT4#`,
  givenName: "Erika",
  surName: "Mustermann",
});
