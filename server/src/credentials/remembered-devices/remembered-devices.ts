/**
 * Remembered devices ("Don't ask again on this device for 30 days"): after a second factor
 * with the box ticked, the browser gets a random value in a cookie (remembered-device-
 * cookie.ts) and this table keeps its keyed hash, the person, and browser and system for
 * the security page. At the next sign-in on that browser, after the right password of
 * the same person, the second factor is not asked while the row lives. The value alone
 * signs nobody in: it is looked up only for the person whose password was just accepted.
 *
 * Fixed 30 days from the tick, not sliding (Auth0's "remember this browser" caps its
 * sliding cookie at 30 days too); used rows only move "last used". A password change or
 * reset, removing a second factor, "this wasn't me" and the person on the security page
 * revoke rows ({@link revokeRememberedDevices}); the retention purge drops expired ones.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import { parseUserAgent } from "../../activity/user-agent.js";
import type { Executor } from "../../db/client.js";
import { type RememberedDeviceRow, rememberedDevices } from "../../db/schema/index.js";
import { keyedHash } from "../../security/keyed-hash.js";

/** How long a browser is remembered (the checkbox says so). */
export const REMEMBER_DEVICE_DAYS = 30;
export const REMEMBER_DEVICE_SECONDS = REMEMBER_DEVICE_DAYS * 24 * 60 * 60;

// 32 random bytes, base64url: what a cookie value must look like before it is looked up.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const tokenHash = (token: string): string => keyedHash("remembered-device", token);

/** True when `value` can be a remembered-device value at all (else it is not looked up). */
export const isRememberToken = (value: string): boolean => TOKEN_PATTERN.test(value);

/**
 * Remembers the browser `userAgent` of `personId` from `now` for 30 days: the value for
 * its cookie (kept nowhere else) and when it expires.
 */
export const rememberDevice = async (
  db: Executor,
  personId: string,
  userAgent: string | undefined,
  now: Date,
): Promise<{ readonly token: string; readonly expiresAt: Date }> => {
  const token = randomBytes(32).toString("base64url");
  const device = parseUserAgent(userAgent);
  const expiresAt = new Date(now.getTime() + REMEMBER_DEVICE_SECONDS * 1000);
  await db.insert(rememberedDevices).values({
    personId,
    tokenHash: tokenHash(token),
    browser: device.browser,
    os: device.os,
    createdAt: now,
    expiresAt,
    lastUsedAt: now,
  });
  return { token, expiresAt };
};

/**
 * Uses the remembered device `token` for `personId` at `now`, presented by the browser
 * `userAgent`: true (and "last used" moved) when a live row of that person holds it and
 * was made by the same browser and system (a value carried to another browser is not
 * that device). One statement, so a revocation either comes first (refused) or after
 * (the sign-in went through before it).
 */
export const useRememberedDevice = async (
  db: Executor,
  personId: string,
  token: string,
  userAgent: string | undefined,
  now: Date,
): Promise<boolean> => {
  if (!isRememberToken(token)) return false;
  const device = parseUserAgent(userAgent);
  const r = rememberedDevices;
  const used = await db
    .update(r)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(r.tokenHash, tokenHash(token)),
        eq(r.personId, personId),
        eq(r.browser, device.browser),
        eq(r.os, device.os),
        gt(r.expiresAt, now),
      ),
    )
    .returning({ id: r.id });
  return used.length === 1;
};

/**
 * The id of `personId`'s live remembered device whose cookie value is `token`: the browser
 * asking is that device (the security page marks it "this device"). Reads only.
 */
export const rememberedDeviceIdOf = async (
  db: Executor,
  personId: string,
  token: string | undefined,
  now: Date,
): Promise<string | undefined> => {
  if (token === undefined || !isRememberToken(token)) return undefined;
  const r = rememberedDevices;
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.tokenHash, tokenHash(token)), eq(r.personId, personId), gt(r.expiresAt, now)));
  return row?.id;
};

/** The person's live remembered devices, most recently used first. */
export const rememberedDevicesOf = (
  db: Executor,
  personId: string,
  now: Date,
): Promise<RememberedDeviceRow[]> =>
  db
    .select()
    .from(rememberedDevices)
    .where(and(eq(rememberedDevices.personId, personId), gt(rememberedDevices.expiresAt, now)))
    .orderBy(desc(rememberedDevices.lastUsedAt), asc(rememberedDevices.id));

/** Every remembered device of the person, expired ones too (the data export). */
export const allRememberedDevicesOf = (
  db: Executor,
  personId: string,
): Promise<RememberedDeviceRow[]> =>
  db
    .select()
    .from(rememberedDevices)
    .where(eq(rememberedDevices.personId, personId))
    .orderBy(asc(rememberedDevices.createdAt), asc(rememberedDevices.id));

/** Forgets one remembered device of `personId`: true when it was theirs and still there. */
export const forgetRememberedDevice = async (
  db: Executor,
  personId: string,
  id: string,
): Promise<boolean> => {
  const gone = await db
    .delete(rememberedDevices)
    .where(and(eq(rememberedDevices.id, id), eq(rememberedDevices.personId, personId)))
    .returning({ id: rememberedDevices.id });
  return gone.length === 1;
};

/**
 * Revokes every remembered device of `personId` (how many): the next sign-in on any of
 * them asks for the second factor again. Pass the transaction of the change that calls
 * for it (password, factor), so both happen or neither.
 */
export const revokeRememberedDevices = async (db: Executor, personId: string): Promise<number> => {
  const gone = await db
    .delete(rememberedDevices)
    .where(eq(rememberedDevices.personId, personId))
    .returning({ id: rememberedDevices.id });
  return gone.length;
};

/** Drops the rows expired at `now` (the retention purge): how many. */
export const purgeExpiredRememberedDevices = async (db: Executor, now: Date): Promise<number> => {
  const gone = await db
    .delete(rememberedDevices)
    .where(lte(rememberedDevices.expiresAt, now))
    .returning({ id: rememberedDevices.id });
  return gone.length;
};
