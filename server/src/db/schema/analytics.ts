import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** First-party analytics events, stored only when the browser sent the consent marker. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("analytics_events_created_at_idx").on(t.createdAt)],
);
