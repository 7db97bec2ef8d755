import { normaliseEmail } from "@portal/core";
import type { FastifyReply } from "fastify";
import { passkeysInUse } from "../../credentials/index.js";
import { type AccountRow, findAccountRow } from "../oidc/account-claims.js";
import { confirmSignInPage } from "../pages/confirm-sign-in-page.js";
import type { FieldError, Html } from "../pages/html.js";
import { type Flow, sendPage } from "./flow.js";
import { passkeySignInOffer } from "./passkey-steps.js";

// A fresh sign-in the app asks for (REAUTHENTICATION_REQUIRED: prompt=login, login_hint the
// person's address) in a browser whose session is still signed in. Only the page differs
// from the ordinary sign-in: it asks the session's person for the password again instead
// of offering "Sign in" and a registration. The steps stay the ordinary ones (its form
// posts to /login, the second factor follows), as prompt=login asks for a full sign-in.

/** The path of the ordinary sign-in page of an interaction (somebody else signs in there). */
export const otherAccountPath = (flow: Pick<Flow, "base">): string => `${flow.base}/login`;

/**
 * The person a fresh sign-in (prompt=login) asks to confirm: the browser session's person,
 * when the app names nobody else (`login_hint`) and the address entered, if any
 * (`username`, after a refused attempt), is theirs. Undefined otherwise: no session, a
 * session of somebody else than the hint, another address typed, or no prompt=login.
 */
export const confirmingPerson = async (
  flow: Flow,
  username?: string,
): Promise<AccountRow | undefined> => {
  const accountId = flow.details.session?.accountId;
  if (flow.details.prompt.name !== "login" || !accountId) return undefined;
  const person = await findAccountRow(flow.deps.db, accountId);
  if (!person?.emailConfirmedAt) return undefined;
  const hint = (flow.details.params as Record<string, unknown>).login_hint;
  const named = [hint, username].filter(
    (address): address is string => typeof address === "string" && address.trim() !== "",
  );
  const own = normaliseEmail(person.email);
  return named.every((address) => normaliseEmail(address) === own) ? person : undefined;
};

/** Shows the confirm page to `person`, with their passwordless passkeys as the other way. */
export const showConfirmSignIn = async (
  flow: Flow,
  person: AccountRow,
  extra: {
    readonly passwordError?: FieldError | undefined;
    readonly error?: Html | undefined;
  } = {},
): Promise<FastifyReply> => {
  const own = (await passkeysInUse(flow.deps.db, person.id)).filter((p) => p.passwordless);
  return sendPage(
    flow,
    confirmSignInPage(flow.ctx, {
      action: `${flow.base}/login`,
      portal: flow.ctx.portalUrl,
      email: person.email,
      otherAccount: otherAccountPath(flow),
      forgotPassword: flow.deps.links.forgotPassword,
      passwordError: extra.passwordError,
      error: extra.error,
      // No autofill: the page has no address field to offer passkeys in.
      passkey: own.length > 0 ? await passkeySignInOffer(flow, false, own) : undefined,
    }),
  );
};
