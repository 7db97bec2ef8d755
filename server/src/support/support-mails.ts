import type { MailTokenKind, PersonRow } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { issueTokenForAddress } from "../persons/address-tokens.js";
import { mailLinks } from "../persons/mail-links.js";
import { findOpenToken } from "../persons/mail-tokens.js";

const openToken = (deps: AppDeps, personId: string, kind: MailTokenKind, now: Date) =>
  findOpenToken(deps.database.db, personId, kind, now);

// Only the hash of a mailed token is stored, so a resend is a fresh token that replaces
// the open one (the old link stops working), in one transaction, under the person's lock
// and only while the account still has the address support asked for (an address change
// confirmed in between: no account has it now, 404 ACCOUNT_NOT_FOUND as for any other).
const replaceToken = async (
  deps: AppDeps,
  person: PersonRow,
  kind: Exclude<MailTokenKind, "ACCOUNT_RESTORE">,
  now: Date,
  options: { payload?: Record<string, string>; may?: (locked: PersonRow) => boolean } = {},
): Promise<string> => {
  const issued = await issueTokenForAddress(deps.database, person, {
    kind,
    now,
    replace: true,
    ...options,
  });
  if (!issued) throw apiError(404, "ACCOUNT_NOT_FOUND", "email");
  return issued.token;
};

/** Refuses (409) an account that is confirmed by now: checked under the lock, too. */
const unconfirmed = (person: PersonRow): true => {
  if (person.emailConfirmedAt !== null) throw apiError(409, "ACCOUNT_ALREADY_CONFIRMED", "email");
  return true;
};

/** Resends the registration mail of an unconfirmed account; 409 ACCOUNT_ALREADY_CONFIRMED when it is confirmed. */
export const resendOptInForSupport = async (deps: AppDeps, person: PersonRow): Promise<string> => {
  unconfirmed(person);
  const token = await replaceToken(deps, person, "OPT_IN", deps.clock.now(), { may: unconfirmed });
  await deps.mailer.send({
    to: person.email,
    template: "optIn",
    language: person.preferredLanguage,
    params: {
      link: mailLinks(deps.config.publicUrl).optIn(token, {
        prk: person.postRegistrationKey,
        prt: person.postRegistrationToken,
      }),
    },
  });
  return person.email;
};

/** Resends a pending deletion link (valid 10 days again); 404 NO_OPEN_DELETION_REQUEST when none is pending. */
export const resendDeletionForSupport = async (
  deps: AppDeps,
  person: PersonRow,
): Promise<string> => {
  const now = deps.clock.now();
  if (!(await openToken(deps, person.id, "DELETION", now)))
    throw apiError(404, "NO_OPEN_DELETION_REQUEST");
  const token = await replaceToken(deps, person, "DELETION", now);
  await deps.mailer.send({
    to: person.email,
    template: "accountDeletion",
    language: person.preferredLanguage,
    params: { link: mailLinks(deps.config.publicUrl).deletion(token) },
  });
  return person.email;
};

/** Resends a pending e-mail-change confirmation to the new address; 404 NO_OPEN_EMAIL_CHANGE when none is pending. */
export const resendEmailChangeForSupport = async (
  deps: AppDeps,
  person: PersonRow,
): Promise<string> => {
  const now = deps.clock.now();
  const open = await openToken(deps, person.id, "EMAIL_CHANGE", now);
  const newEmail = open?.payload?.newEmail;
  if (!open?.payload || !newEmail) throw apiError(404, "NO_OPEN_EMAIL_CHANGE");
  // The new link carries what the open one did (the new and the replaced address).
  const token = await replaceToken(deps, person, "EMAIL_CHANGE", now, { payload: open.payload });
  await deps.mailer.send({
    to: newEmail,
    template: "emailChangeConfirm",
    language: person.preferredLanguage,
    params: { link: mailLinks(deps.config.publicUrl).emailChange(token) },
  });
  return newEmail;
};
