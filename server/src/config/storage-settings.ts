import { join } from "node:path";
import { serverPackageDir } from "../db/migrations-folder.js";
import { defaultTemplateDir } from "../db/pglite-template/manifest.js";
import { folder, matching, wholeNumber } from "./rules.js";
import { optional, setting, type Values } from "./setting.js";

/** Companies of the synthetic register a first start holds (COMPANY_SEED_COUNT's default). */
export const DEFAULT_COMPANY_SEED_COUNT = 50_000;

/** Where the data lives (database, PGlite folders, Redis) and the web app's files. */
export const storageSettings = {
  /** PGlite's folder while no DATABASE_URL is set (DATA_DIR, default `.data`). */
  dataDir: setting("DATA_DIR", folder, ".data"),
  /** PostgreSQL instead of PGlite (DATABASE_URL). */
  databaseUrl: optional(
    "DATABASE_URL",
    matching(/^postgres(ql)?:\/\//, "postgres://user@host:port/database"),
    "url-with-password",
  ),
  /** Redis for shared rate-limit counters (REDIS_URL); unset keeps them in the database. */
  redisUrl: optional(
    "REDIS_URL",
    matching(/^rediss?:\/\//, "redis://host:port or rediss://..."),
    "url-with-password",
  ),
  /**
   * Prebuilt PGlite data folders a first start unpacks instead of running initdb
   * (PGLITE_TEMPLATE_DIR, default `server/dist/pglite-template`, written by the build).
   */
  pgliteTemplateDir: setting("PGLITE_TEMPLATE_DIR", folder, defaultTemplateDir),
  /** Companies of the synthetic register seeded on a first start (COMPANY_SEED_COUNT). */
  companySeedCount: setting(
    "COMPANY_SEED_COUNT",
    wholeNumber(0, 100_000_000, "a whole number from 0 to 100000000"),
    String(DEFAULT_COMPANY_SEED_COUNT),
  ),
  /** The built web app the server serves (WEB_DIST_DIR, default `web/dist`). */
  webDistDir: setting("WEB_DIST_DIR", folder, () => join(serverPackageDir(), "..", "web", "dist")),
};

export type StorageSettings = Values<typeof storageSettings>;
