import { normaliseEmail } from "@portal/core";
import { and, eq, ne } from "drizzle-orm";
import { recordSecurityEvent } from "../activity/security-events.js";
import type { AppDeps } from "../app-deps.js";
import { persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import { isUniqueViolation } from "../http/database-errors.js";
import { consumeToken, retireTokens } from "./mail-tokens.js";
import { findPersonById } from "./person-store.js";

/**
 * `POST /persons/confirm-mail-address`: an opt-in token confirms the registration; an
 * e-mail-change token switches the address (and tells the old one). Unknown, used,
 * expired or other-kind tokens answer 400 INVALID_OPT_IN.
 */
export const confirmMailToken = async (deps: AppDeps, token: string): Promise<void> => {
  const now = deps.clock.now();
  const outcome = await deps.database
    .transaction(async (tx) => {
      const row = await consumeToken(tx, ["OPT_IN", "EMAIL_CHANGE"], token, now);
      if (!row) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      const person = await findPersonById(tx, row.personId);
      if (!person) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      if (row.kind === "OPT_IN") {
        await tx
          .update(persons)
          .set({ emailConfirmedAt: person.emailConfirmedAt ?? now, updatedAt: now })
          .where(eq(persons.id, person.id));
        return undefined;
      }
      const newEmail = normaliseEmail(row.payload?.newEmail ?? "");
      const [taken] = await tx
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.email, newEmail), ne(persons.id, person.id)));
      // Someone registered the address since the link was sent: the link no longer works.
      if (!newEmail || taken) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      await tx
        .update(persons)
        .set({ email: newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(persons.id, person.id));
      await retireTokens(tx, person.id, "EMAIL_CHANGE", now);
      await recordSecurityEvent(tx, person, "email-changed");
      return { oldEmail: person.email, newEmail, language: person.preferredLanguage };
    })
    .catch((error: unknown) => {
      // Another account took the address in a parallel confirmation (the check above saw
      // neither): nothing was written, and this link answers as one whose address is taken.
      if (isUniqueViolation(error)) throw apiError(400, "INVALID_OPT_IN", "confirmationToken");
      throw error;
    });
  if (outcome) {
    await deps.mailer.send({
      to: outcome.oldEmail,
      template: "emailChanged",
      language: outcome.language,
      params: { newEmail: outcome.newEmail },
    });
  }
};
