import {
  API_ROUTES,
  JSON_PATCH_CONTENT_TYPE,
  type MfaCredential,
  type Person,
} from "@portal/contracts";
import { applyPersonPatch, validatePersonFields } from "@portal/core";
import { asc, eq } from "drizzle-orm";
import type { PortalPlugin } from "../app-deps.js";
import { findCompany, lookupCompanyName } from "../companies/lookup.js";
import type { Db } from "../db/client.js";
import { mfaCredentials, type PersonRow, persons } from "../db/schema/index.js";
import { apiError, apiErrors } from "../http/api-error.js";
import { routePath } from "../http/route-path.js";
import { requireMe } from "./person-store.js";
import { editableColumns, toPerson } from "./person-view.js";

/** The person with the register entry of the verified crefonummer. */
const personView = async (db: Db, row: PersonRow): Promise<Person> =>
  toPerson(
    row,
    row.crefonummer ? ((await findCompany(db, row.crefonummer))?.company ?? null) : null,
  );

/** The company name that goes with a changed unverifiedCrefonummer (spec section 4, Company). */
const companyNameFor = async (db: Db, before: PersonRow, after: Person): Promise<string | null> => {
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

  app.get(routePath(API_ROUTES.getMe), async (request) => {
    const { person } = await requireMe(deps, request);
    return personView(db, person);
  });

  app.patch(routePath(API_ROUTES.patchMe), async (request) => {
    const { person } = await requireMe(deps, request);
    // JSON Patch only: a plain JSON body is a different (merge) semantics.
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== JSON_PATCH_CONTENT_TYPE) throw apiError(415, "INVALID_REQUEST");
    if (!Array.isArray(request.body)) throw apiError(400, "INVALID_PATCH");
    const now = deps.clock.now();
    const patched = applyPersonPatch(toPerson(person), request.body, { now: now.toISOString() });
    if (!patched.ok) throw apiError(400, patched.error.errorCode, patched.error.field);
    const errors = validatePersonFields(patched.value, deps.clock);
    if (errors.length > 0) throw apiErrors(400, errors);
    const next = { ...patched.value, companyName: await companyNameFor(db, person, patched.value) };
    const [row] = await db
      .update(persons)
      .set({ ...editableColumns(next), updatedAt: now })
      .where(eq(persons.id, person.id))
      .returning();
    if (!row) throw apiError(404, "NOT_FOUND");
    request.log.info({ operations: request.body.length }, "person patched");
    return personView(db, row);
  });

  app.get(routePath(API_ROUTES.getCredentials), async (request) => {
    const { person } = await requireMe(deps, request);
    const rows = await db
      .select({ id: mfaCredentials.id, type: mfaCredentials.type })
      .from(mfaCredentials)
      .where(eq(mfaCredentials.personId, person.id))
      .orderBy(asc(mfaCredentials.createdAt));
    return rows.map((r) => ({ type: r.type, credentialId: r.id }) satisfies MfaCredential);
  });
};
