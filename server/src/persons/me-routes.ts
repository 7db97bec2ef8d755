import { API_ROUTES, type Person } from "@portal/contracts";
import { applyPersonPatch, validatePersonFields } from "@portal/core";
import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { findCompany, lookupCompanyName } from "../companies/lookup.js";
import type { Db, Executor } from "../db/client.js";
import { pendingEmailOf } from "../db/pending-email.js";
import { type PersonRow, persons } from "../db/schema/index.js";
import { apiError, apiErrors } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { requestLanguage } from "../http/request-language.js";
import { recordConsentChanges } from "./consent-history.js";
import { ifMatchHolds, personEtag, storedPersonEtag } from "./person-etag.js";
import { editableColumns, toPerson } from "./person-view.js";

/**
 * The person with the register entry of the verified crefonummer and the new address of
 * an open e-mail change (so the profile can say the change waits for its link).
 */
const personView = async (db: Db, stored: Person, pendingEmail: string | null): Promise<Person> => {
  const company = stored.crefonummer
    ? ((await findCompany(db, stored.crefonummer))?.company ?? null)
    : null;
  // The same keys in the same order as toPerson(row, company, pendingEmail) gives.
  return { ...stored, company, pendingEmail };
};

/** The entity tag on `reply` and the person as the API shows it, from one mapping of the row. */
const answerPerson = (
  db: Db,
  row: PersonRow,
  pendingEmail: string | null,
  reply: FastifyReply,
): Promise<Person> => {
  // Mapped once for both (every GET does this): the tag hashes the stored part.
  const stored = toPerson(row);
  reply.header("etag", storedPersonEtag(stored));
  return personView(db, stored, pendingEmail);
};

/** The company name that goes with a changed unverifiedCrefonummer (spec section 4, Company). */
const companyNameFor = async (
  db: Executor,
  before: PersonRow,
  after: Person,
): Promise<string | null> => {
  if (after.unverifiedCrefonummer === before.unverifiedCrefonummer) return after.companyName;
  if (after.unverifiedCrefonummer === null) {
    // Cleared: only a verified company keeps a name.
    return before.crefonummer ? before.companyName : null;
  }
  return lookupCompanyName(db, after.unverifiedCrefonummer);
};

/** `GET`/`PATCH /persons/me` and `GET /persons/me/credentials`. */
export const mePlugin: PortalPlugin = async (app, { deps }) => {
  const { db } = deps.database;

  apiRoute(app, deps, API_ROUTES.getMe, ({ caller: { person }, reply }) =>
    answerPerson(db, person, person.pendingEmail, reply),
  );

  // The entry's content type (JSON Patch; a plain JSON body would be merge semantics) is
  // checked by apiRoute; the operations by core's applyPersonPatch, naming each one's path.
  apiRoute(
    app,
    deps,
    API_ROUTES.patchMe,
    async ({ caller: { person }, body, request, reply }) => {
      const operations: unknown = body;
      if (!Array.isArray(operations)) throw apiError(400, "INVALID_PATCH");
      const ifMatch = request.headers["if-match"];
      const now = deps.clock.now();
      // The operations apply to the row as it is under a lock, and the write ends the lock:
      // parallel patches of different fields all keep their change (no read-then-overwrite).
      const row = await deps.database.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(persons)
          .where(eq(persons.id, person.id))
          .for("update");
        if (!current) throw apiError(404, "NOT_FOUND");
        // A form loaded before another window's save must not silently undo that save.
        if (ifMatch !== undefined && !ifMatchHolds(ifMatch, personEtag(current))) {
          throw apiError(412, "PRECONDITION_FAILED");
        }
        const patched = applyPersonPatch(toPerson(current), operations, { now: now.toISOString() });
        if (!patched.ok) throw apiError(400, patched.error.errorCode, patched.error.field);
        const errors = validatePersonFields(patched.value, deps.clock);
        if (errors.length > 0) throw apiErrors(400, errors);
        const companyName = await companyNameFor(tx, current, patched.value);
        const [written] = await tx
          .update(persons)
          .set({ ...editableColumns({ ...patched.value, companyName }), updatedAt: now })
          .where(eq(persons.id, person.id))
          .returning();
        if (!written) throw apiError(404, "NOT_FOUND");
        // The proof of a changed consent is written with the change, or neither is.
        await recordConsentChanges(tx, person.id, current, written, {
          source: "profile",
          language: requestLanguage(request, current.preferredLanguage),
          at: now,
        });
        return written;
      });
      request.log.info({ operations: operations.length }, "person patched");
      return answerPerson(db, row, await pendingEmailOf(db, row.id, now), reply);
    },
    { rawBody: true },
  );

  // The portal's tables or Keycloak's credentials, as the deployment signs people in.
  apiRoute(app, deps, API_ROUTES.getCredentials, ({ caller: { person } }) =>
    deps.factors.credentials(person.id),
  );
};
