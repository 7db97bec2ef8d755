import { createHash, randomBytes } from "node:crypto";
import { DELETION_LINK_DAYS } from "@portal/core";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { type MailTokenKind, type MailTokenRow, mailTokens } from "../db/schema/index.js";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long a mailed link works, per kind: opt-in 7 days, e-mail change 24 hours,
 * password reset 1 hour, account deletion 10 days (spec section 4). A change's cancel link
 * lives as long as the change link it stops; the revert link to the old address 7 days,
 * time for someone away to read their mail (issue 29). A restore link lives until its
 * account's erasure, which its issuer names (`expiresAt`).
 */
export const TOKEN_LIFETIME_MS: Readonly<
  Record<Exclude<MailTokenKind, "ACCOUNT_RESTORE">, number>
> = {
  OPT_IN: 7 * DAY,
  EMAIL_CHANGE: 24 * HOUR,
  PASSWORD_RESET: HOUR,
  DELETION: DELETION_LINK_DAYS * DAY,
  EMAIL_CHANGE_CANCEL: 24 * HOUR,
  EMAIL_REVERT: 7 * DAY,
  // "This wasn't me" in a security alert: as long as the revert link, for the same reason.
  SECURE_ACCOUNT: 7 * DAY,
};

/** SHA-256 hex of a token: only this is stored, so a database leak yields no usable link. */
export const hashToken = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Creates a single-use token of `kind` for a person: 32 random bytes, base64url. Returns
 * the raw token for the mail link; the database keeps its hash.
 */
export const issueToken = async (
  db: Executor,
  input: (
    | { readonly kind: keyof typeof TOKEN_LIFETIME_MS; readonly expiresAt?: undefined }
    | { readonly kind: "ACCOUNT_RESTORE"; readonly expiresAt: Date }
  ) & {
    readonly personId: string;
    readonly now: Date;
    readonly payload?: Record<string, string>;
  },
): Promise<string> => {
  const token = randomBytes(32).toString("base64url");
  await db.insert(mailTokens).values({
    kind: input.kind,
    tokenHash: hashToken(token),
    personId: input.personId,
    payload: input.payload ?? null,
    expiresAt:
      input.kind === "ACCOUNT_RESTORE"
        ? input.expiresAt
        : new Date(input.now.getTime() + TOKEN_LIFETIME_MS[input.kind]),
    createdAt: input.now,
  });
  return token;
};

// Tokens are base64url of 32 bytes (43 characters); anything else is not worth a query.
const plausible = (token: string): boolean => /^[A-Za-z0-9_-]{20,100}$/.test(token);

const liveCondition = (kinds: ReadonlyArray<MailTokenKind>, token: string, now: Date) =>
  and(
    eq(mailTokens.tokenHash, hashToken(token)),
    inArray(mailTokens.kind, [...kinds]),
    isNull(mailTokens.usedAt),
    gt(mailTokens.expiresAt, now),
  );

/** The unused, unexpired token of one of `kinds`, without using it up (or undefined). */
export const findLiveToken = async (
  db: Executor,
  kinds: ReadonlyArray<MailTokenKind>,
  token: string,
  now: Date,
): Promise<MailTokenRow | undefined> => {
  if (!plausible(token)) return undefined;
  const [row] = await db
    .select()
    .from(mailTokens)
    .where(liveCondition(kinds, token, now));
  return row;
};

/** What a mailed link is now, as its page may say it: usable, spent, or no link at all. */
export type LinkStatus = "valid" | "used" | "invalid";

/**
 * The status of a token of one of `kinds`, without using it: `used` once used or retired
 * (even past its expiry: the person learns it did its work), `invalid` when unknown,
 * expired or of another kind.
 */
export const tokenStatus = async (
  db: Executor,
  kinds: ReadonlyArray<MailTokenKind>,
  token: string,
  now: Date,
): Promise<LinkStatus> => {
  if (!plausible(token)) return "invalid";
  const [row] = await db
    .select({ usedAt: mailTokens.usedAt, expiresAt: mailTokens.expiresAt })
    .from(mailTokens)
    .where(and(eq(mailTokens.tokenHash, hashToken(token)), inArray(mailTokens.kind, [...kinds])));
  return statusOf(row, now);
};

/** The status of a token's row (undefined: no such token). */
export const statusOf = (
  row: { readonly usedAt: Date | null; readonly expiresAt: Date } | undefined,
  now: Date,
): LinkStatus => {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  return row.expiresAt > now ? "valid" : "invalid";
};

/**
 * Uses up a token of one of `kinds`: marks it used and returns it, or undefined when it
 * is unknown, used, expired or of another kind. Every other open token of the same kind of
 * that person is retired with it: an older mail (a second reset link, an earlier change
 * link) must not repeat what was just done. One statement marks them all, so of two links
 * of one person used at once exactly one wins (the other finds its row used). Call it in
 * the transaction of the write it allows, so both stand or fall together.
 */
export const consumeToken = async (
  db: Executor,
  kinds: ReadonlyArray<MailTokenKind>,
  token: string,
  now: Date,
): Promise<MailTokenRow | undefined> => {
  if (!plausible(token)) return undefined;
  const owner = db
    .select({ personId: mailTokens.personId, kind: mailTokens.kind })
    .from(mailTokens)
    .where(liveCondition(kinds, token, now));
  const used = await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(
      and(
        isNull(mailTokens.usedAt),
        sql`(${mailTokens.personId}, ${mailTokens.kind}) in (${owner})`,
      ),
    )
    .returning();
  const hash = hashToken(token);
  // Only a live token counts: an expired one of the person is retired, never used.
  return used.find((row) => row.tokenHash === hash && row.expiresAt > now);
};

/**
 * Retires every open token of `kind` (or of each of several kinds) of a person, e.g. older
 * e-mail-change links, in one statement. Answers the retired rows (expired ones included).
 */
export const retireTokens = async (
  db: Executor,
  personId: string,
  kind: MailTokenKind | ReadonlyArray<MailTokenKind>,
  now: Date,
): Promise<MailTokenRow[]> => {
  const kinds: MailTokenKind[] = typeof kind === "string" ? [kind] : [...kind];
  return db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailTokens.personId, personId),
        inArray(mailTokens.kind, kinds),
        isNull(mailTokens.usedAt),
      ),
    )
    .returning();
};

/** The newest open (unused, unexpired) token of `kind` of a person, e.g. a pending e-mail change. */
export const findOpenToken = async (
  db: Executor,
  personId: string,
  kind: MailTokenKind,
  now: Date,
): Promise<MailTokenRow | undefined> => {
  const [row] = await db
    .select()
    .from(mailTokens)
    .where(
      and(
        eq(mailTokens.personId, personId),
        eq(mailTokens.kind, kind),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(mailTokens.createdAt))
    .limit(1);
  return row;
};
