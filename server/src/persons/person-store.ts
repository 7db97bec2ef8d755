import { isUuid, normaliseEmail } from "@portal/core";
import { and, eq } from "drizzle-orm";
import type { Executor, Tx } from "../db/client.js";
import { isOpenAccount } from "../db/open-accounts.js";
import { type PersonRow, persons } from "../db/schema/index.js";

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

/**
 * The open account with this e-mail address, compared lower-case: one closed by a
 * confirmed deletion (its grace period) gets no mail and counts as unknown.
 */
export const findPersonByEmail = async (
  db: Executor,
  email: string,
): Promise<PersonRow | undefined> => {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.email, normaliseEmail(email)), isOpenAccount));
  return row;
};

/** The person with this address, open or closed (support's view, the address's uniqueness). */
export const findAnyPersonByEmail = async (
  db: Executor,
  email: string,
): Promise<PersonRow | undefined> => {
  const [row] = await db
    .select()
    .from(persons)
    .where(eq(persons.email, normaliseEmail(email)));
  return row;
};
