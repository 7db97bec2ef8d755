import { isUuid, normaliseEmail } from "@portal/core";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps.js";
import type { Executor, Tx } from "../db/client.js";
import { type PersonRow, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { AuthenticatedUser } from "../http/auth.js";
import { type LoadedPerson, personLoaderFor } from "./person-loader.js";

// core's rule, re-exported for the routes that import it from here.
export { normaliseEmail };

/** The person with this id (undefined also for ids that are no uuid). */
export const findPersonById = async (db: Executor, id: string): Promise<PersonRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(persons).where(eq(persons.id, id));
  return row;
};

/**
 * The person's row, locked until the transaction ends (SELECT ... FOR UPDATE). A
 * transaction that writes a person's row together with their mailed tokens or membership
 * takes this lock first: such transactions then run one after another per person (a
 * check made under the lock still holds at the write), and all take the person's row
 * before its token rows, so none waits for the other's tokens while holding the person
 * (no deadlock). Undefined when the person does not exist (any more).
 */
export const lockPerson = async (tx: Tx, id: string): Promise<PersonRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(persons).where(eq(persons.id, id)).for("update");
  return row;
};

/** The person with this e-mail address, compared lower-case. */
export const findPersonByEmail = async (
  db: Executor,
  email: string,
): Promise<PersonRow | undefined> => {
  const [row] = await db
    .select()
    .from(persons)
    .where(eq(persons.email, normaliseEmail(email)));
  return row;
};

/**
 * The signed-in caller and their person: 401 without a valid token, 404 NOT_FOUND when
 * the token names a person that no longer exists (e.g. deleted).
 */
export const requireMe = async (
  deps: AppDeps,
  request: FastifyRequest,
): Promise<{ readonly user: AuthenticatedUser; readonly person: LoadedPerson }> => {
  const user = await deps.auth.requireUser(request);
  const person = isUuid(user.personId)
    ? await personLoaderFor(deps.database.db, deps.clock)(user.personId)
    : undefined;
  if (!person) throw apiError(404, "NOT_FOUND");
  return { user, person };
};
