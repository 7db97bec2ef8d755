import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Where a factor was set up: the browser and system of that request, as the activity names them. */
export interface FactorOrigin {
  readonly browser: string;
  readonly os: string;
}

/**
 * Passkeys (WebAuthn credentials) of a person: registered through the provider's
 * `webauthn-register` (second factor) and `webauthn-register-passwordless` (sign-in
 * without a password) actions, listed and renamed through the API, removed with
 * `delete_credential:{id}`.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The row's id, the `{id}` of `delete_credential:{id}` (a UUID like the other factors). */
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url (what the browser answers with). */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for authenticators that keep none). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Transport hints for the browser (`internal`, `usb`, `hybrid`, ...). */
    transports: text("transports").array().notNull().default([]),
    name: text("name").notNull(),
    /** True for a discoverable credential registered for sign-in without a password. */
    passwordless: boolean("passwordless").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    lastUsedAt: instant("last_used_at"),
    /** The browser and system it was registered from. */
    createdFrom: jsonb("created_from").$type<FactorOrigin>(),
    /** Set by "This wasn't me", as for the other factors (mfa-credentials.ts). */
    suspendedAt: instant("suspended_at"),
  },
  (t) => [
    uniqueIndex("passkeys_credential_idx").on(t.credentialId),
    index("passkeys_person_idx").on(t.personId),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Open WebAuthn challenges: only a hash, bound to the interaction that asked for it and
 * its purpose; taken (deleted) by the one request that verifies it, so each is single-use.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    interactionHash: text("interaction_hash").notNull(),
    /** `register`, `register-passwordless`, `login`, `second-factor` or `upgrade`. */
    purpose: text("purpose").notNull(),
    /** The person the challenge is for (null for a sign-in that has not named one yet). */
    personId: uuid("person_id").references(() => persons.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_interaction_idx").on(t.interactionHash)],
);
