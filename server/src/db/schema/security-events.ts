import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What happened to a person's account, as the person reads it on the security page
 * (activity module, server/src/activity). Kept 90 days; goes with the person.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Browser, system and shortened address, or the factor's type; never a secret. */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("security_events_person_idx").on(t.personId, t.createdAt, t.id),
    index("security_events_created_idx").on(t.createdAt),
  ],
);

/**
 * Browser and system combinations a person has signed in from (a hash of the two names):
 * the first sign-in from one not listed here is a "new device".
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: instant("first_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.deviceHash] })],
);

/**
 * What the embedded provider's sessions were opened from: browser, system, shortened
 * address, first and last seen; keyed by the SHA-256 of the session's uid (the tokens'
 * `sid`), like the provider's own store.
 */
export const sessionDevices = pgTable(
  "session_devices",
  {
    sessionUidHash: text("session_uid_hash").primaryKey(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    osVersion: text("os_version").notNull(),
    device: text("device").notNull(),
    mobile: boolean("mobile").notNull().default(false),
    address: text("address").notNull(),
    firstSeenAt: instant("first_seen_at").notNull().defaultNow(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("session_devices_person_idx").on(t.personId)],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type SessionDeviceRow = typeof sessionDevices.$inferSelect;
