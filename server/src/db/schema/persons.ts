import type { TelephoneNumber } from "@portal/contracts";
import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A person (spec section 3). `email` is stored lower-case; `roles` holds role strings
 * ("portal-support" marks staff; entries with ".VERTRETUNGSBERECHTIGUNG;" are
 * representation authorisations).
 */
export const persons = pgTable("persons", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  emailConfirmedAt: instant("email_confirmed_at"),
  passwordHash: text("password_hash").notNull(),
  passwordChangedAt: instant("password_changed_at").notNull().defaultNow(),
  salutation: text("salutation"),
  title: text("title"),
  genderCode: text("gender_code"),
  givenName: text("given_name").notNull(),
  surName: text("sur_name").notNull(),
  dateOfBirth: text("date_of_birth"),
  telephone: jsonb("telephone").$type<TelephoneNumber>(),
  position: text("position"),
  department: text("department"),
  preferredLanguage: text("preferred_language"),
  companyName: text("company_name"),
  crefonummer: text("crefonummer"),
  unverifiedCrefonummer: text("unverified_crefonummer"),
  consentMarketing: text("consent_marketing").notNull().default("NOT_EXPRESSED"),
  consentRecherche: text("consent_recherche").notNull().default("NOT_EXPRESSED"),
  consentMarketingUpdatedAt: instant("consent_marketing_updated_at"),
  consentRechercheUpdatedAt: instant("consent_recherche_updated_at"),
  postRegistrationKey: text("post_registration_key"),
  postRegistrationToken: text("post_registration_token"),
  roles: jsonb("roles").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  memberMapping: text("member_mapping"),
  memberNumber: text("member_number"),
  mitgliedskennung: text("mitgliedskennung"),
  internalUser: boolean("internal_user").notNull().default(false),
  /**
   * Set when a confirmed deletion closed the account for a grace period
   * (DELETION_GRACE_DAYS > 0): no sign-in, no mails, unknown to every lookup but support's;
   * `eraseAt` is when the retention purge erases it. Both null for an open account.
   */
  closedAt: instant("closed_at"),
  eraseAt: instant("erase_at"),
  /**
   * When the person used "This wasn't me: secure my account": until a password reset by
   * mail (which clears it) the current password signs nobody in. Null: not secured.
   */
  securedAt: instant("secured_at"),
  /**
   * Whether a password sign-in in a browser that can make a passkey without a dialog ends
   * with one (issue 49's automatic upgrade); the person turns it off on the security page.
   */
  passkeyUpgrade: boolean("passkey_upgrade").notNull().default(true),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export type PersonRow = typeof persons.$inferSelect;
export type NewPersonRow = typeof persons.$inferInsert;
