import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { identityKeys } from "../../db/schema/identity.js";

const ROW_ID = "support-client-secret";

/**
 * The portal-support client's secret: SUPPORT_CLIENT_SECRET when set, else one generated on
 * first start and kept in the database (never logged: set the variable to use the CLI).
 */
export const supportClientSecret = async (
  db: Db,
  config: Pick<Config, "supportClientSecret">,
  log: FastifyBaseLogger,
): Promise<string> => {
  if (config.supportClientSecret) return config.supportClientSecret;
  await db
    .insert(identityKeys)
    .values({
      id: ROW_ID,
      kind: "support-secret",
      material: { secret: randomBytes(32).toString("base64url") },
    })
    .onConflictDoNothing();
  const rows = await db.select().from(identityKeys).where(eq(identityKeys.id, ROW_ID)).limit(1);
  const secret = rows[0]?.material.secret;
  if (typeof secret !== "string") throw new Error("support client secret could not be stored");
  log.info("SUPPORT_CLIENT_SECRET is not set: the portal-support client uses a generated secret");
  return secret;
};
