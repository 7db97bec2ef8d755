import { isErrorCode } from "@portal/contracts";
import { DEFAULT_DIALOG_HEADLINE_KEY, errorCodesOf, errorDialogContent } from "@portal/core";
import { DEFAULT_TIMEOUT_MS, TIMEOUT_REASON } from "./adapters/http-client.js";
import type { CliFailure } from "./failure.js";
import { plain } from "./format.js";
import type { Translator } from "./i18n.js";

/** A failure in words (for stderr) and as data (for `--json`). */
export interface FailureReport {
  readonly text: string;
  readonly json: {
    readonly error: {
      readonly kind: "usage" | "http" | "unreachable" | "failed";
      readonly message: string;
      readonly status?: number;
      readonly url?: string;
      readonly errorCodes?: ReadonlyArray<string>;
      readonly correlationId?: string | null;
    };
  };
}

/** What a failure writes on stderr: its words, or with `--json` its one JSON document. */
export const failureOutput = (report: FailureReport, json: boolean): string =>
  json ? JSON.stringify(report.json) : report.text;

/** A usage error already in words (commander's, see commander-errors.ts). */
export const usageReport = (message: string): FailureReport => ({
  text: message,
  json: { error: { kind: "usage", message } },
});

/** An error message of the server may hold HTML (spec: "HTML message"); a terminal shows its text. */
export const terminalSafe = (text: string): string => plain(text.replace(/<[^>]*>/g, "")).trim();

const messageText = (key: string | null, message: string | null, t: Translator): string => {
  const code = key?.startsWith("HttpErrorMessages.")
    ? key.slice("HttpErrorMessages.".length)
    : null;
  if (code !== null) return t.httpError(isErrorCode(code) ? code : "Default");
  return terminalSafe(message ?? "") || t.httpError("Default");
};

/**
 * The one error funnel of the CLI: words a failure in the user's language, through
 * core's error mapping (spec section 8) for answers of the portal, with the
 * correlation id; an unreachable portal names its URL and the reason.
 */
export const reportFailure = (failure: CliFailure, t: Translator): FailureReport => {
  if (failure._tag !== "Http") {
    const message = t.t(failure.message.key, failure.message.params);
    return {
      text: message,
      json: { error: { kind: failure._tag === "Usage" ? "usage" : "failed", message } },
    };
  }
  const f = failure.failure;
  if (f.status === 0) {
    const reason =
      f.message === TIMEOUT_REASON
        ? t.t("error.timeout", { seconds: DEFAULT_TIMEOUT_MS / 1000 })
        : (f.message ?? "");
    const message = t.t("error.unreachable", { url: f.url, reason });
    return { text: message, json: { error: { kind: "unreachable", message, url: f.url } } };
  }
  if (f.status >= 200 && f.status < 300) {
    const message = t.t("error.unexpectedResponse", { url: f.url, reason: f.message ?? "" });
    return {
      text: message,
      json: { error: { kind: "http", message, status: f.status, url: f.url } },
    };
  }
  const content = errorDialogContent(f);
  const message = failure.detail
    ? t.t(failure.detail.key, failure.detail.params)
    : messageText(content.messageKey, content.message, t);
  const headline =
    t.shared(content.headlineKey) ?? t.shared(DEFAULT_DIALOG_HEADLINE_KEY) ?? content.headlineKey;
  // The shared text of 401 and 403 speaks to the web app's user; the CLI adds what to do.
  const hint =
    f.status === 401 ? t.t("error.hint401") : f.status === 403 ? t.t("error.hint403") : null;
  const lines = [
    `${headline}: ${message}`,
    ...(hint ? [hint] : []),
    t.t("error.status", { status: f.status, url: f.url }),
    ...(content.correlationId
      ? [t.shared("Dialog.Default.CorrelationId", { id: content.correlationId }) ?? ""]
      : []),
  ];
  return {
    text: lines.join("\n"),
    json: {
      error: {
        kind: "http",
        message,
        status: f.status,
        url: f.url,
        errorCodes: errorCodesOf(f.body),
        correlationId: content.correlationId,
      },
    },
  };
};
