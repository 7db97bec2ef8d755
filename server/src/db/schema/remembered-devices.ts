import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { persons } from "./persons.js";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Browsers a person asked not to be asked the second factor on for 30 days ("Don't ask
 * again on this device", credentials/remembered-devices/remembered-devices.ts). The browser holds a
 * random value in an HttpOnly cookie; only its keyed hash is kept here, with what the security page
 * shows (browser and system). Goes with the person; removing a row revokes the browser.
 */
export const rememberedDevices = pgTable(
  "remembered_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    personId: uuid("person_id")
      .notNull()
      .references(() => persons.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    browser: text("browser").notNull(),
    os: text("os").notNull(),
    createdAt: instant("created_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    lastUsedAt: instant("last_used_at").notNull(),
  },
  (t) => [
    index("remembered_devices_person_idx").on(t.personId),
    index("remembered_devices_expires_idx").on(t.expiresAt),
  ],
);

export type RememberedDeviceRow = typeof rememberedDevices.$inferSelect;
