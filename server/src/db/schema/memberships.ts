import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

/**
 * Membership credentials handed out by a local office: the member number, its
 * membership ID (Mitgliedskennung) and the hashed personal and general passwords.
 */
export const memberships = pgTable("memberships", {
  mitgliedskennung: text("mitgliedskennung").primaryKey(),
  memberNumber: text("member_number").notNull(),
  personalPasswordHash: text("personal_password_hash").notNull(),
  generalPasswordHash: text("general_password_hash").notNull(),
  locked: boolean("locked").notNull().default(false),
  platformEnabled: boolean("platform_enabled").notNull().default(true),
  validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }),
  validTo: timestamp("valid_to", { withTimezone: true, mode: "date" }),
  personId: uuid("person_id").references(() => persons.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type MembershipRow = typeof memberships.$inferSelect;
