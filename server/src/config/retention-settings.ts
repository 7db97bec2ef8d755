import { RETENTION_KINDS, type RetentionKind } from "@portal/contracts";
import * as Result from "effect/Result";
import { onlyMatching, parsed, wholeNumber } from "./rules.js";
import { type Setting, setting, type Values } from "./setting.js";

/** How long each kind is kept unless configured: the periods the README's privacy section names. */
export const RETENTION_DEFAULTS: Readonly<Record<RetentionKind, string>> = {
  "analytics-events": "90d",
  activity: "90d",
  "mail-tokens": "30d",
  "login-failures": "24h",
  outbox: "30d",
  "unconfirmed-registrations": "30d",
  "mail-log": "30d",
};

/** The variable of a kind: `mail-tokens` is RETENTION_MAIL_TOKENS. */
export const retentionVariable = (kind: RetentionKind): string =>
  `RETENTION_${kind.toUpperCase().replaceAll("-", "_")}`;

// At least an hour (a shorter period would purge what a running flow still needs, such as
// a login lockout); at most ten years.
const MAX_RETENTION_HOURS = 10 * 365 * 24;

/** A period such as `90d` or `24h`, in hours. */
const period = (example: string) =>
  parsed(`a period of 1h to 3650d in hours or days, such as ${example}`, (text) => {
    const match = /^(\d{1,6})\s*([hd])$/i.exec(text);
    const hours = match ? Number(match[1]) * (match[2]?.toLowerCase() === "d" ? 24 : 1) : 0;
    return hours >= 1 && hours <= MAX_RETENTION_HOURS ? Result.succeed(hours) : Result.fail("");
  });

/**
 * Hours each kind of data is kept before the retention purge deletes it
 * (RETENTION_<KIND> such as RETENTION_OUTBOX=30d; see {@link RETENTION_DEFAULTS}).
 */
export const retentionSettings = Object.fromEntries(
  RETENTION_KINDS.map((kind) => [
    kind,
    setting(retentionVariable(kind), period(RETENTION_DEFAULTS[kind]), RETENTION_DEFAULTS[kind]),
  ]),
) as Readonly<Record<RetentionKind, Setting<number>>>;

// At most 30 days: Art. 12(3) GDPR gives a controller one month to act on a request, so an
// erasure held back longer would no longer be "without undue delay" (Art. 17(1)).
const MAX_GRACE_DAYS = 30;

/** When the retention purge runs, and how long a confirmed deletion waits for it. */
export const purgeSettings = {
  /** Minutes between two scheduled purges (PURGE_INTERVAL_MINUTES, default 60; 0 = none). */
  purgeIntervalMinutes: setting(
    "PURGE_INTERVAL_MINUTES",
    wholeNumber(0, 7 * 24 * 60, "whole minutes from 0 (no scheduled purge) to 10080 (a week)"),
    "60",
  ),
  /**
   * Days a confirmed deletion waits before the erasure (DELETION_GRACE_DAYS, default 0, at
   * most 30). 0 is the spec's behaviour: the confirmation click erases at once. Above 0 the
   * click closes the account and mails a restore link valid until the purge erases it.
   */
  deletionGraceDays: setting(
    "DELETION_GRACE_DAYS",
    // Digits only: "14d" or "1e1" would suggest a unit or a syntax the rule does not have.
    onlyMatching(
      /^\d{1,3}$/,
      wholeNumber(
        0,
        MAX_GRACE_DAYS,
        `whole days from 0 (the confirmation click erases at once) to ${MAX_GRACE_DAYS}, such as 14`,
      ),
    ),
    "0",
  ),
};

export type PurgeSettings = Values<typeof purgeSettings>;
