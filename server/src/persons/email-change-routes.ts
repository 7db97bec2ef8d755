import { API_ROUTES, ChangeMailAddressRequest, type MailSentResponse } from "@portal/contracts";
import { isAsciiOnly, isEmail, TEXT_MAX_LENGTH } from "@portal/core";
import type { AppDeps, PortalPlugin } from "../app-deps.js";
import type { PersonRow } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { decodeRequest } from "../http/decode.js";
import { routePath } from "../http/route-path.js";
import { enforceLimits } from "./abuse-limits.js";
import { mailLinks } from "./mail-links.js";
import { findOpenToken, issueToken, retireTokens } from "./mail-tokens.js";
import { sendAlreadyRegisteredMail } from "./person-mails.js";
import { findPersonByEmail, normaliseEmail, requireMe } from "./person-store.js";

/**
 * Sends the confirmation link for `newEmail` (older links stop working). When the address
 * belongs to another account, that address gets the already-registered notice instead:
 * the caller's answer is the same, so it does not tell whether the address has an account.
 * The change is recorded as pending either way (its link then goes nowhere), because
 * `GET /persons/me` shows the pending address and must not tell it either.
 */
const sendChangeMail = async (deps: AppDeps, person: PersonRow, newEmail: string) => {
  const now = deps.clock.now();
  const links = mailLinks(deps.config.publicUrl);
  const token = await deps.database.transaction(async (tx) => {
    await retireTokens(tx, person.id, "EMAIL_CHANGE", now);
    return issueToken(tx, {
      kind: "EMAIL_CHANGE",
      personId: person.id,
      now,
      payload: { newEmail },
    });
  });
  const owner = await findPersonByEmail(deps.database.db, newEmail);
  if (owner && owner.id !== person.id) {
    await sendAlreadyRegisteredMail(deps, owner);
    return;
  }
  await deps.mailer.send({
    to: newEmail,
    template: "emailChangeConfirm",
    language: person.preferredLanguage,
    params: { link: links.emailChange(token) },
  });
};

/** `POST /persons/me/change-mail-address` and its resend `POST /persons/me/resend-opt-in-mail`. */
export const emailChangePlugin: PortalPlugin = async (app, { deps }) => {
  app.post(routePath(API_ROUTES.changeMailAddress), async (request) => {
    const { person } = await requireMe(deps, request);
    const { newEmail: raw } = decodeRequest(ChangeMailAddressRequest, request.body);
    const newEmail = normaliseEmail(raw);
    if (newEmail === "") throw apiError(400, "FIELD_EMPTY", "newEmail");
    if (!isEmail(newEmail) || !isAsciiOnly(newEmail) || newEmail.length > TEXT_MAX_LENGTH) {
      throw apiError(400, "EMAIL_NOT_VALID", "newEmail");
    }
    // 'The email address corresponds to the one currently used.'
    if (newEmail === person.email) throw apiError(400, "EMAIL_UNCHANGED", "newEmail");
    await enforceLimits(deps.limiter, request, "change-mail", newEmail);
    await sendChangeMail(deps, person, newEmail);
    return { email: newEmail } satisfies MailSentResponse;
  });

  app.post(routePath(API_ROUTES.resendChangeMail), async (request) => {
    const { person } = await requireMe(deps, request);
    const now = deps.clock.now();
    const pending = await findOpenToken(deps.database.db, person.id, "EMAIL_CHANGE", now);
    const newEmail = pending?.payload?.newEmail;
    if (!newEmail) throw apiError(404, "NOT_FOUND");
    await enforceLimits(deps.limiter, request, "change-mail", newEmail);
    await sendChangeMail(deps, person, newEmail);
    return { email: newEmail } satisfies MailSentResponse;
  });
};
