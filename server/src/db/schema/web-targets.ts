import { pgTable, text } from "drizzle-orm/pg-core";

/** Registration keys (prk, upper-case) and where they lead. */
export const webTargets = pgTable("web_targets", {
  key: text("key").primaryKey(),
  url: text("url").notNull(),
  sourceSystem: text("source_system").notNull(),
});
