/**
 * Where each of the embedded provider's sessions was opened from: the browser, system and
 * shortened address of the request that opened it, and when it was first and last used
 * (a sign-in or a token refresh). Read by the devices list of the account REST API.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Provider from "oidc-provider";
import { shortenAddress } from "../../activity/short-address.js";
import { parseUserAgent, UNKNOWN } from "../../activity/user-agent.js";
import type { Db } from "../../db/client.js";
import { holdWrite } from "../../db/request-cache.js";
import { sessionDevices } from "../../db/schema/index.js";
import { placeholdersFor, statementTemplate } from "../../db/statement-template.js";
import { sha256 } from "../oidc/drizzle-adapter.js";

// Rendered to text once (db/statement-template.ts): it goes with the authorization's held
// writes on every sign-in.
const deviceRow = placeholdersFor([
  "sessionUidHash",
  "personId",
  "browser",
  "os",
  "osVersion",
  "device",
  "mobile",
  "address",
]);
const insertSessionDevice = statementTemplate<keyof typeof deviceRow>((db) =>
  db
    .insert(sessionDevices)
    .values(deviceRow)
    .onConflictDoUpdate({ target: sessionDevices.sessionUidHash, set: { lastSeenAt: sql`now()` } }),
);

/**
 * Notes that session `uid` of `personId` was used from this request: the first call
 * writes browser, system and address, every call moves "last seen".
 */
export const noteSessionUse = async (
  db: Db,
  session: { readonly uid: string; readonly accountId: string },
  request: { readonly userAgent: string | undefined; readonly ip: string },
): Promise<void> => {
  const device = parseUserAgent(request.userAgent);
  const write = insertSessionDevice(db, {
    sessionUidHash: sha256(session.uid),
    personId: session.accountId,
    // Keycloak's form ("Chrome/131"): the version tells two sessions of one browser apart.
    browser:
      device.browser === UNKNOWN || device.browserVersion === UNKNOWN
        ? device.browser
        : `${device.browser}/${device.browserVersion}`,
    os: device.os,
    osVersion: device.osVersion,
    device: device.device,
    mobile: device.mobile,
    address: shortenAddress(request.ip),
  });
  // With the authorization's other writes (the code, the session), in one statement.
  if (!(await holdWrite(db, `session-device:${sha256(session.uid)}`, write))) {
    await db.execute(write);
  }
};

/** Moves "last seen" of session `uid` (a token refresh); nothing when it is not listed. */
export const touchSession = async (db: Db, uid: string): Promise<void> => {
  await db
    .update(sessionDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessionDevices.sessionUidHash, sha256(uid)));
};

/**
 * Listens to the provider: an authorization (sign-in or silent check) notes its session's
 * browser and address, a refresh moves the session's "last seen".
 */
export const trackSessionDevices = (provider: Provider, db: Db, log: FastifyBaseLogger): void => {
  const failed = (error: unknown) => log.warn({ err: error }, "session device not noted");
  provider.on("authorization.success", (ctx) => {
    const session = ctx.oidc.session;
    if (!session?.uid || !session.accountId) return;
    noteSessionUse(
      db,
      { uid: session.uid, accountId: session.accountId },
      { userAgent: ctx.get("user-agent") || undefined, ip: ctx.ip },
    ).catch(failed);
  });
  provider.on("grant.success", (ctx) => {
    const entities = ctx.oidc.entities;
    // A code's session was noted by the authorization that issued it, moments ago (codes
    // live a minute): only a refresh moves "last seen" (issue 48: no write that changes nothing).
    if (ctx.oidc.params?.grant_type !== "refresh_token") return;
    const uid = entities.RefreshToken?.sessionUid;
    if (uid) touchSession(db, uid).catch(failed);
  });
};
