import type { HttpFailure } from "@portal/core";
import type { Message, MessageKey, MessageParams } from "./i18n.js";

/**
 * Why a command did not succeed. Every command returns one of these as a value;
 * the one error funnel (`report-failure.ts`) words it and picks the exit code.
 */
export type CliFailure =
  /** Bad input: commander's errors, malformed values, unreadable files (exit 2). */
  | { readonly _tag: "Usage"; readonly message: Message }
  /**
   * The portal answered with an error, or could not be reached (exit 1); `detail` says
   * more than the error code can (e.g. the keys that do exist).
   */
  | { readonly _tag: "Http"; readonly failure: HttpFailure; readonly detail?: Message }
  /** Any other failed operation, for example no sign-in (exit 1). */
  | { readonly _tag: "Failed"; readonly message: Message };

/** A usage error (exit 2). */
export const usageError = (key: MessageKey, params?: MessageParams): CliFailure => ({
  _tag: "Usage",
  message: params ? { key, params } : { key },
});

/** A failed operation that is not an HTTP answer (exit 1). */
export const failed = (key: MessageKey, params?: MessageParams): CliFailure => ({
  _tag: "Failed",
  message: params ? { key, params } : { key },
});

/** A failed HTTP call (exit 1), optionally worded by the command that knows more. */
export const httpFailed = (failure: HttpFailure, detail?: Message): CliFailure =>
  detail ? { _tag: "Http", failure, detail } : { _tag: "Http", failure };

/** Exit codes: 0 success, 1 the operation failed, 2 usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The exit code of a failure. */
export const exitCodeOf = (failure: CliFailure): 1 | 2 => (failure._tag === "Usage" ? 2 : 1);
