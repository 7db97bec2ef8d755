import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { type NewPersonRow, persons } from "../db/schema/index.js";

/**
 * A person's row written as the flows write it, for tests outside the server package (the
 * on-demand Keycloak tests drive the user sync over a database of their own).
 */
export const personRows = (db: Db) => ({
  insert: async (values: NewPersonRow) => {
    await db.insert(persons).values(values);
  },
  /** Changes the row and sets `updated_at` to `updatedAt`, as every relevant write does. */
  update: async (id: string, values: Partial<NewPersonRow>, updatedAt: Date) => {
    await db
      .update(persons)
      .set({ ...values, updatedAt })
      .where(eq(persons.id, id));
  },
  /** The erasure's delete (the row only: what cascades goes with it). */
  erase: async (id: string) => {
    await db.delete(persons).where(eq(persons.id, id));
  },
});
