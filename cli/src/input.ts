import { err, formatDate, isEmail, isNumeric, ok, type Result } from "@portal/core";
import { type CliFailure, usageError } from "./failure.js";

/** An e-mail option checked with core's e-mail rule; malformed is a usage error. */
export const emailInput = (value: string): Result<string, CliFailure> => {
  const email = value.trim();
  return isEmail(email) ? ok(email) : err(usageError("usage.email", { value }));
};

/** A member number: digits only, else a usage error. */
export const memberNumberInput = (value: string): Result<string, CliFailure> => {
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
