import { DEFAULT_WEB_TARGET_KEY, type WebTarget } from "@portal/contracts";
import { routePath } from "@portal/core";
import type { Config } from "../config.js";
import type { Executor } from "../db/client.js";
import { webTargets } from "../db/schema/index.js";

/**
 * The web targets a fresh portal knows: MC (the main customer portal, this server's
 * profile page) and a few registration keys of other systems of the association.
 */
export const defaultWebTargets = (
  config: Pick<Config, "publicUrl" | "homepageUrl">,
): WebTarget[] => [
  {
    key: DEFAULT_WEB_TARGET_KEY,
    url: `${config.publicUrl}${routePath("profile")}`,
    sourceSystem: "MC",
  },
  { key: "BONITAET", url: `${config.homepageUrl}/bonitaetsauskunft`, sourceSystem: "BONITAET" },
  { key: "INKASSO", url: `${config.homepageUrl}/inkasso`, sourceSystem: "INKASSO" },
  { key: "MARKETING", url: `${config.homepageUrl}/marketing`, sourceSystem: "MARKETING" },
];

/** Inserts the default web targets that are missing; existing rows are left as configured. */
export const seedWebTargets = async (db: Executor, targets: WebTarget[]): Promise<void> => {
  await db.insert(webTargets).values(targets).onConflictDoNothing({ target: webTargets.key });
};
