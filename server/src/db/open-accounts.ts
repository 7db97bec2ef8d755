import { isNull } from "drizzle-orm";
import { persons } from "./schema/persons.js";

/**
 * The accounts that exist for sign-in, mails and the API: not closed by a confirmed
 * deletion in its grace period (DELETION_GRACE_DAYS). A closed account answers like an
 * unknown one everywhere but in support's view and in its restore link.
 */
export const isOpenAccount = isNull(persons.closedAt);
