import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** What a row of {@link identityKeys} holds. */
export const IDENTITY_KEY_KINDS = [
  // The provider's token-signing key: ES256 since issue 48, RS256 before (kept to verify).
  "signing",
  "signing-es256",
  "cookie",
  "refresh-hmac",
  "support-secret",
  "keyed-hash",
  // The Shared Signals transmitter's SET-signing key (ssf/transmitter-key.ts).
  "ssf-signing",
] as const;
export type IdentityKeyKind = (typeof IDENTITY_KEY_KINDS)[number];

/**
 * Keys of the embedded identity provider, generated on first start: the token-signing
 * key (private JWK), the cookie-signing secret and the refresh-token HMAC secret. Kept in
 * the database so a restart, or a second process, keeps sessions and tokens valid.
 */
export const identityKeys = pgTable("identity_keys", {
  id: text("id").primaryKey(),
  kind: text("kind").$type<IdentityKeyKind>().notNull(),
  material: jsonb("material").$type<Record<string, unknown>>().notNull(),
  createdAt: instant("created_at").notNull().defaultNow(),
});

/**
 * Every oidc-provider model (sessions, grants, codes, refresh tokens, device codes,
 * interactions, ...). Identifiers are stored only as SHA-256 hex, never in clear.
 */
export const identityArtifacts = pgTable(
  "identity_artifacts",
  {
    model: text("model").notNull(),
    idHash: text("id_hash").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    uidHash: text("uid_hash"),
    userCodeHash: text("user_code_hash"),
    accountId: text("account_id"),
    expiresAt: instant("expires_at"),
    consumedAt: instant("consumed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.idHash] }),
    index("identity_artifacts_grant_idx").on(t.grantId),
    index("identity_artifacts_uid_idx").on(t.uidHash),
    index("identity_artifacts_user_code_idx").on(t.userCodeHash),
    index("identity_artifacts_account_idx").on(t.accountId),
    index("identity_artifacts_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Failed sign-in attempts per account (keyed by the SHA-256 of the lower-case address, so
 * unknown addresses are counted the same way and nothing tells whether one exists).
 */
export const identityLoginFailures = pgTable("identity_login_failures", {
  subjectHash: text("subject_hash").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: instant("last_failure_at").notNull().defaultNow(),
  lockedUntil: instant("locked_until"),
});

/**
 * State of one sign-in interaction between its steps: the person whose password was
 * accepted, a pending e-mail code (hashed), a TOTP secret being set up, when the password
 * was last entered.
 */
export const identityLoginStates = pgTable("identity_login_states", {
  interactionHash: text("interaction_hash").primaryKey(),
  personId: uuid("person_id")
    .notNull()
    .references(() => persons.id, { onDelete: "cascade" }),
  /** When the password was accepted in this interaction (null: not yet). */
  passwordAt: instant("password_at"),
  /** When the second factor was accepted in this interaction (null: not yet or none). */
  secondFactorAt: instant("second_factor_at"),
  /**
   * How the person proved who they are in this interaction so far, as RFC 8176 method
   * references ("pwd", "otp", "pop"): the ID token's `amr` (null: an interaction begun
   * before this column, told apart by the two times above).
   */
  amr: jsonb("amr").$type<string[]>(),
  /**
   * True when the second factor was not asked because the browser is a remembered device
   * of the person (credentials/remembered-devices/remembered-devices.ts): the activity
   * list says so.
   */
  secondFactorRemembered: boolean("second_factor_remembered").notNull().default(false),
  emailCodeHash: text("email_code_hash"),
  emailCodeExpiresAt: instant("email_code_expires_at"),
  emailCodeTries: integer("email_code_tries").notNull().default(0),
  pendingTotpSecret: text("pending_totp_secret"),
  /**
   * Keyed hashes of the recovery codes the set-up page just showed, kept until the person
   * confirms that they saved them (the codes themselves are never stored).
   */
  pendingRecoveryCodeHashes: jsonb("pending_recovery_code_hashes").$type<string[]>(),
  expiresAt: instant("expires_at").notNull(),
});

export type IdentityArtifactRow = typeof identityArtifacts.$inferSelect;
export type IdentityLoginStateRow = typeof identityLoginStates.$inferSelect;
