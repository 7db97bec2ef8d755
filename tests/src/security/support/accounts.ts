import { randomBytes } from "node:crypto";
import { type ApiRoute, apiPath } from "@portal/contracts";
import { registerConfirmedAccount } from "../../support/accounts-api.js";
import type { Outbox } from "../../support/outbox.js";

/** Where the mailed links point (server mail links, spec section 2). */
export const LINKS = {
  optIn: { path: "/benutzerverwaltung/registrierung-bestaetigen", param: "optinId" },
  emailChange: { path: "/benutzerverwaltung/konto/email-aenderung-bestaetigen", param: "optinId" },
  passwordReset: {
    path: "/benutzerverwaltung/passwort-zuruecksetzen",
    param: "passwordResetToken",
  },
  deletion: { path: "/benutzerverwaltung/konto/loeschen/bestaetigen", param: "optoutId" },
} as const;

/** A password of the policy that names nobody. */
export const newPassword = (): string => `Kq7!${randomBytes(5).toString("hex")}Wz`;

export interface Account {
  readonly email: string;
  readonly password: string;
}

/** A registered and confirmed account with a unique address. */
export const confirmedAccount = async (
  origin: string,
  outbox: Outbox,
  label: string,
): Promise<Account> => {
  const account = {
    email: `${label}-${randomBytes(5).toString("hex")}@example.test`,
    password: newPassword(),
    givenName: "Erika",
    surName: "Mustermann",
  };
  await registerConfirmedAccount(origin, outbox, account);
  return account;
};

/** The token of the next unread mail to `email` with a link of `kind`. */
export const mailedToken = async (
  outbox: Outbox,
  email: string,
  kind: keyof typeof LINKS,
): Promise<string> => {
  const link = await outbox.nextLink(email, LINKS[kind].path);
  const token = link.searchParams.get(LINKS[kind].param);
  if (!token) throw new Error(`${kind} link without ${LINKS[kind].param}: ${link.href}`);
  return token;
};

/** One API call with an optional JSON body and bearer token. */
export const api = (
  origin: string,
  route: ApiRoute,
  options: { readonly body?: unknown; readonly token?: string } = {},
): Promise<Response> =>
  fetch(origin + apiPath(route), {
    method: route.method,
    headers: {
      ...(options.body === undefined
        ? {}
        : { "content-type": route.contentType ?? "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });

/** Exchanges a refresh token at the embedded provider (what keycloak-js does before a call). */
export const refresh = (origin: string, refreshToken: string): Promise<Response> =>
  fetch(`${origin}/realms/portal/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "benutzerverwaltung",
    }),
  });
