import { MAX_LENGTHS, textLength } from "@portal/contracts";
import { err, formatDate, isEmail, isNumeric, isSingleLine, ok, type Result } from "@portal/core";
import { type CliFailure, usageError } from "./failure.js";

/**
 * Text given to `option`: one line without control or invisible characters (core's
 * single-line rule, the one the API and the forms use) and at most `max` characters,
 * else a usage error that names the option but does not echo the value to the terminal.
 *
 * @example
 * singleLineInput("MC", "KEY", 64); // { ok: true, value: "MC" }
 */
export const singleLineInput = (
  value: string,
  option: string,
  max: number,
): Result<string, CliFailure> =>
  !isSingleLine(value)
    ? err(usageError("usage.singleLine", { option }))
    : textLength(value) > max
      ? err(usageError("usage.tooLong", { option, max }))
      : ok(value);

/** An e-mail option checked with core's e-mail rule; malformed is a usage error. */
export const emailInput = (value: string, option = "--email"): Result<string, CliFailure> => {
  const line = singleLineInput(value, option, MAX_LENGTHS.email);
  if (!line.ok) return line;
  const email = value.trim();
  return isEmail(email) ? ok(email) : err(usageError("usage.email", { value }));
};

/** A member number: digits only, at most 20, else a usage error. */
export const memberNumberInput = (value: string): Result<string, CliFailure> => {
  const line = singleLineInput(value, "--member-number", MAX_LENGTHS.memberNumber);
  if (!line.ok) return line;
  const digits = value.trim();
  return isNumeric(digits) ? ok(digits) : err(usageError("usage.memberNumber", { value }));
};

/** A whole number of 1 or more given to `option`, else a usage error. */
export const positiveInput = (value: string, option: string): Result<number, CliFailure> =>
  /^[1-9]\d*$/.test(value.trim())
    ? ok(Number(value.trim()))
    : err(usageError("usage.positive", { option, value }));

/**
 * A timestamp as the portal displays dates (DD.MM.YYYY, core's formatDate), with
 * the time of day in UTC; text that is no timestamp is shown as it is.
 *
 * @example
 * displayTimestamp("2026-03-05T10:04:00.000Z"); // "05.03.2026 10:04 UTC"
 */
export const displayTimestamp = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utc = date.toISOString();
  return `${formatDate(utc)} ${utc.slice(11, 16)} UTC`;
};
