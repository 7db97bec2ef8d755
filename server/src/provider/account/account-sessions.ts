/**
 * A person's sign-in sessions in the embedded provider, in the shape of Keycloak's
 * account REST API (`GET /account/sessions/devices`: devices, each with its sessions;
 * times in seconds), and signing one out: the session, its grants and every token issued
 * under them go, so its refresh token stops working at once.
 */
import type { AccountDevice, AccountSession } from "@portal/contracts";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import { sessionDevices } from "../../db/schema/index.js";
import { sha256 } from "../oidc/drizzle-adapter.js";

const UNKNOWN = "Unknown";
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
type Authorizations = Record<string, { sid?: string; grantId?: string }>;

/** Names people know the portal's clients by. */
const CLIENT_NAMES: Record<string, string> = {
  benutzerverwaltung: "Benutzerverwaltung",
  "portal-support": "Portal support",
};

const liveSessions = (db: Db, personId: string, now: Date) =>
  db
    .select({ payload: identityArtifacts.payload, uidHash: identityArtifacts.uidHash })
    .from(identityArtifacts)
    .where(
      and(
        eq(identityArtifacts.model, "Session"),
        eq(identityArtifacts.accountId, personId),
        or(isNull(identityArtifacts.expiresAt), gt(identityArtifacts.expiresAt, now)),
      ),
    );

/**
 * The person's devices with their open sessions, the most recently used first;
 * `currentSid` (the access token's `sid`) marks the caller's own.
 */
export const listDevices = async (
  db: Db,
  personId: string,
  currentSid: string | undefined,
  now: Date,
): Promise<AccountDevice[]> => {
  const sessions = await liveSessions(db, personId, now);
  const hashes = sessions.map((s) => s.uidHash).filter((h): h is string => h !== null);
  const origins =
    hashes.length === 0
      ? []
      : await db
          .select()
          .from(sessionDevices)
          .where(inArray(sessionDevices.sessionUidHash, hashes));
  const originOf = new Map(origins.map((o) => [o.sessionUidHash, o]));
  const devices = new Map<string, AccountDevice & { sessions: AccountSession[] }>();
  for (const { payload, uidHash } of sessions) {
    const uid = String(payload.uid ?? "");
    const origin = uidHash ? originOf.get(uidHash) : undefined;
    // The session's sign-in; where the provider has none, when its origin was first noted.
    const started =
      Number(payload.loginTs ?? payload.iat ?? 0) || (origin ? seconds(origin.firstSeenAt) : 0);
    const lastAccess = origin ? seconds(origin.lastSeenAt) : started;
    const current = uid !== "" && uid === currentSid;
    const authorizations = (payload.authorizations ?? {}) as Authorizations;
    const session: AccountSession = {
      id: uid,
      ipAddress: origin?.address ?? UNKNOWN,
      started,
      lastAccess,
      expires: Number(payload.exp ?? 0),
      clients: Object.keys(authorizations).map((clientId) => ({
        clientId,
        clientName: CLIENT_NAMES[clientId] ?? clientId,
        userConsentRequired: false,
        inUse: true,
        offlineAccess: false,
      })),
      browser: origin?.browser ?? UNKNOWN,
      current,
    };
    const key = [origin?.os, origin?.osVersion, origin?.device, session.browser].join("\n");
    const device = devices.get(key);
    if (!device) {
      devices.set(key, {
        id: sha256(`${personId}\n${key}`).slice(0, 32),
        ipAddress: session.ipAddress,
        os: origin?.os ?? UNKNOWN,
        osVersion: origin?.osVersion ?? UNKNOWN,
        browser: session.browser,
        device: origin?.device ?? UNKNOWN,
        lastAccess,
        current,
        mobile: origin?.mobile ?? false,
        sessions: [session],
      });
    } else {
      device.sessions.push(session);
      devices.set(key, {
        ...device,
        current: device.current || current,
        ...(lastAccess > device.lastAccess ? { lastAccess, ipAddress: session.ipAddress } : {}),
      });
    }
  }
  const byRecency = (a: { lastAccess: number }, b: { lastAccess: number }) =>
    b.lastAccess - a.lastAccess;
  return [...devices.values()]
    .map((d) => ({ ...d, sessions: [...d.sessions].sort(byRecency) }))
    .sort(byRecency);
};

/**
 * Signs out session `uid` of `personId`: the session, the grants it holds and every
 * artifact issued under them (refresh tokens, codes). False when the person has no such
 * session (someone else's, or already gone).
 */
export const signOutSession = async (db: Db, personId: string, uid: string): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [session] = await tx
      .select({ idHash: identityArtifacts.idHash, payload: identityArtifacts.payload })
      .from(identityArtifacts)
      .where(
        and(
          eq(identityArtifacts.model, "Session"),
          eq(identityArtifacts.uidHash, sha256(uid)),
          eq(identityArtifacts.accountId, personId),
        ),
      );
    if (!session) return false;
    const grants = Object.values((session.payload.authorizations ?? {}) as Authorizations)
      .map((a) => a.grantId)
      .filter((g): g is string => typeof g === "string");
    // A grant row carries its own id as grant_id: one statement takes grants and tokens.
    if (grants.length > 0) {
      await tx.delete(identityArtifacts).where(inArray(identityArtifacts.grantId, grants));
    }
    await tx
      .delete(identityArtifacts)
      .where(
        and(eq(identityArtifacts.model, "Session"), eq(identityArtifacts.idHash, session.idHash)),
      );
    await tx.delete(sessionDevices).where(eq(sessionDevices.sessionUidHash, sha256(uid)));
    return true;
  });
