/**
 * The "This wasn't me: secure my account" link of every security alert: a single-use token
 * of kind SECURE_ACCOUNT, bound to the person, valid as long as TOKEN_LIFETIME_MS says (7
 * days), stored as a keyed hash. It sits here, below the persons feature, because the
 * alerts (activity) and the sign-in steps (identity) issue it; the persons feature spends it
 * (persons/secure-account.ts).
 *
 * Keyed, not a plain SHA-256 like the older mail tokens: a link that ends every sign-in of
 * a person must not be checkable against a copy of the table without the server's secret.
 */
import { randomBytes } from "node:crypto";
import { MAILED_LINKS, pageUrl } from "@portal/core";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { type MailTokenRow, mailTokens } from "../db/schema/index.js";
import { keyedHash } from "../security/keyed-hash.js";

const KIND = "SECURE_ACCOUNT" as const;
const DAY = 24 * 60 * 60 * 1000;
/** How long the link works: a week, time for someone away to read the alert. */
export const SECURE_LINK_DAYS = 7;

const hashOf = (token: string): string => keyedHash("secure-account-link", token);

// Tokens are base64url of 32 bytes (43 characters); anything else is not worth a query.
const plausible = (token: string): boolean => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The page the link opens, with its token. */
export const secureAccountLink = (publicUrl: string, token: string): string =>
  pageUrl(publicUrl, MAILED_LINKS.secureAccount.route, {
    [MAILED_LINKS.secureAccount.token]: token,
  });

/**
 * Issues a link for `personId`, mailed to `sentTo` (kept with it: when the account's
 * address has changed since, securing mails this one too). Answers the raw token.
 */
export const issueSecureAccountToken = async (
  db: Executor,
  personId: string,
  sentTo: string,
  now: Date,
): Promise<string> => {
  const token = randomBytes(32).toString("base64url");
  await db.insert(mailTokens).values({
    kind: KIND,
    tokenHash: hashOf(token),
    personId,
    payload: { sentTo },
    expiresAt: new Date(now.getTime() + SECURE_LINK_DAYS * DAY),
    createdAt: now,
  });
  return token;
};

const live = (token: string, now: Date) =>
  and(
    eq(mailTokens.tokenHash, hashOf(token)),
    eq(mailTokens.kind, KIND),
    isNull(mailTokens.usedAt),
    gt(mailTokens.expiresAt, now),
  );

/** The person an unused, unexpired link is bound to, without spending it (or undefined). */
export const secureAccountTokenOwner = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<string | undefined> => {
  if (!plausible(token)) return undefined;
  const [row] = await db
    .select({ personId: mailTokens.personId })
    .from(mailTokens)
    .where(live(token, now));
  return row?.personId;
};

/**
 * Whether a link still works, without spending it. Only a securing marks these links used
 * (its own link spent, the person's others retired with it), so `used` means the account
 * was secured by then.
 */
export const secureAccountLinkStatus = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<"valid" | "used" | "invalid"> => {
  if (!plausible(token)) return "invalid";
  const [row] = await db
    .select({ usedAt: mailTokens.usedAt, expiresAt: mailTokens.expiresAt })
    .from(mailTokens)
    .where(and(eq(mailTokens.tokenHash, hashOf(token)), eq(mailTokens.kind, KIND)));
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  return row.expiresAt > now ? "valid" : "invalid";
};

/**
 * Spends a link: one statement marks it used and answers it, or undefined when it is
 * unknown, used, expired or of another kind. Of any number of clicks at once exactly one
 * gets the row. Call it in the transaction of the securing, so both stand or fall together.
 */
export const consumeSecureAccountToken = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<MailTokenRow | undefined> => {
  if (!plausible(token)) return undefined;
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(live(token, now))
    .returning();
  return row;
};
