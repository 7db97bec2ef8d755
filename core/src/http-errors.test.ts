import { MEMBER_CREDENTIAL_ERROR_CODES } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import {
  errorCodesOf,
  errorDialogContent,
  errorMessageKey,
  isMemberCredentialError,
  maskErrorText,
  reportableError,
  SUPPORT_CONTACT_CODES,
} from "./http-errors.js";
import { httpFailure, retryAfterSeconds } from "./http-failure.js";
import { failureWith } from "./testing/person-fixture.js";
import { CATALOGUE } from "./texts/catalogue.js";

describe("errorDialogContent: 'Dialog message logic' of spec section 8", () => {
  it.each<{ name: string; body: unknown; messageKey: string | null; message: string | null }>([
    {
      name: "'a list whose first entry has an errorCode': HttpErrorMessages.{errorCode}",
      body: [{ errorCode: "INVALID_NAME", field: "givenName" }, { errorCode: "INVALID_TITLE" }],
      messageKey: "HttpErrorMessages.INVALID_NAME",
      message: null,
    },
    {
      name: "the code wins over a message in the same entry",
      body: [{ errorCode: "BACKEND_ERROR", message: "db down" }],
      messageKey: "HttpErrorMessages.BACKEND_ERROR",
      message: null,
    },
    {
      name: "'else the given message' (object)",
      body: { message: "Service <b>unavailable</b>" },
      messageKey: null,
      message: "Service <b>unavailable</b>",
    },
    {
      name: "'else the given message' (first entry without code)",
      body: [{ message: "Nope" }],
      messageKey: null,
      message: "Nope",
    },
    {
      name: "'else HttpErrorMessages.Default' (no body: 'Unknown error')",
      body: null,
      messageKey: "HttpErrorMessages.Default",
      message: null,
    },
    {
      name: "'else HttpErrorMessages.Default' (text body)",
      body: "<html>502</html>",
      messageKey: "HttpErrorMessages.Default",
      message: null,
    },
    {
      name: "'else HttpErrorMessages.Default' (empty list)",
      body: [],
      messageKey: "HttpErrorMessages.Default",
      message: null,
    },
    {
      name: "a code not in the catalogue reads as the Default text, never the raw key",
      body: [{ errorCode: "SOMETHING_NEW", message: "x" }],
      messageKey: "HttpErrorMessages.Default",
      message: null,
    },
    {
      name: "a code that is not an identifier never becomes a key",
      body: [{ errorCode: "../../x" }],
      messageKey: "HttpErrorMessages.Default",
      message: null,
    },
  ])("$name", ({ body, messageKey, message }) => {
    expect(errorDialogContent(failureWith(body, { correlationId: "corr-1" }))).toEqual({
      headlineKey: "Dialog.Default.Header",
      messageKey,
      message,
      correlationId: "corr-1",
      buttonKey: "Dialog.Default.Close",
    });
  });

  it("'The correlation id comes from response header correlationid' (none: null)", () => {
    expect(errorDialogContent(failureWith(null)).correlationId).toBeNull();
  });
});

describe("a refusal for too many attempts says how long to wait (issue 46)", () => {
  const tooMany = (retryAfterSeconds: number | null) =>
    httpFailure({
      status: 429,
      url: "/api/user-management/persons/register",
      body: [{ errorCode: "TOO_MANY_REQUESTS" }],
      retryAfterSeconds,
    });

  it.each([
    [2100, "RetryAfter.Minutes", 35],
    [61, "RetryAfter.Minutes", 2],
    [60, "RetryAfter.Minutes", 1],
    [30, "RetryAfter.Seconds", 30],
    [1, "RetryAfter.Seconds", 1],
  ])("Retry-After %i s: %s with count %i", (seconds, messageKey, count) =>
    expect(errorDialogContent(tooMany(seconds))).toMatchObject({
      messageKey,
      messageParams: { count },
      message: null,
    }),
  );

  it("without Retry-After the code's own text", () =>
    expect(errorDialogContent(tooMany(null)).messageKey).toBe(
      "HttpErrorMessages.TOO_MANY_REQUESTS",
    ));

  it.each([
    ["2100", 2100],
    [" 30 ", 30],
    ["Wed, 21 Oct 2015 07:28:00 GMT", null],
    ["-5", null],
    ["", null],
    [null, null],
  ])("retryAfterSeconds(%j) = %j", (header, seconds) =>
    expect(retryAfterSeconds(header)).toBe(seconds),
  );
});

describe("a text that asks to contact us comes with the support contact (issue 46)", () => {
  it.each(["MITGLIEDSKENNUNG_LOCKED", "MEMBER_CANNOT_DELETE", "EMAIL_ADDRESS_TAKEN"])(
    "%s: the dialog shows the contact",
    (errorCode) =>
      expect(errorDialogContent(failureWith([{ errorCode }])).supportContact).toBe(true),
  );

  it("another code: no contact", () =>
    expect(errorDialogContent(failureWith([{ errorCode: "INVALID_NAME" }])).supportContact).toBe(
      undefined,
    ));

  it.each(["de", "en", "fr"] as const)(
    "%s: exactly the codes whose text says to contact us are SUPPORT_CONTACT_CODES",
    (language) => {
      const says = { de: /kontaktieren|wenden Sie sich/i, en: /contact/i, fr: /contacter/i }[
        language
      ];
      const texts: Record<string, string> = CATALOGUE[language].errors.HttpErrorMessages;
      const asking = Object.keys(texts).filter((code) => says.test(texts[code] ?? ""));
      expect(asking.sort()).toEqual([...SUPPORT_CONTACT_CODES].sort());
    },
  );
});

describe("errorMessageKey: the text of a code, Default for one not in the catalogue", () => {
  it.each([
    ["INVALID_NAME", "HttpErrorMessages.INVALID_NAME"],
    ["MITGLIEDSNUMMER_UNKNOWN", "HttpErrorMessages.MITGLIEDSNUMMER_UNKNOWN"],
    ["SOMETHING_NEW", "HttpErrorMessages.Default"],
    ["Default", "HttpErrorMessages.Default"],
    ["", "HttpErrorMessages.Default"],
    ["__proto__", "HttpErrorMessages.Default"],
  ])("%j -> %s", (code, key) => expect(errorMessageKey(code)).toBe(key));
});

describe("errorCodesOf", () => {
  it.each([
    [
      [{ errorCode: "A" }, { message: "x" }, { errorCode: "B" }],
      ["A", "B"],
    ],
    [{ errorCode: "A" }, []],
    ["text", []],
    [null, []],
  ])("%j -> %j", (body, codes) => expect(errorCodesOf(body)).toEqual(codes));
});

describe("isMemberCredentialError: 'These seven count as failed member credentials'", () => {
  it.each(MEMBER_CREDENTIAL_ERROR_CODES.map((c) => [c]))("%s", (code) => {
    expect(isMemberCredentialError([code])).toBe(true);
  });
  it.each([[[]], [["BACKEND_ERROR"]], [["INVALID_MEMBER_USER_ID"]]])("not for %j", (codes) => {
    expect(isMemberCredentialError(codes)).toBe(false);
  });
  it("counts when any code is one of them", () => {
    expect(isMemberCredentialError(["BACKEND_ERROR", "MITGLIEDSKENNUNG_LOCKED"])).toBe(true);
  });
});

describe("reportableError: 'status, URL with digits masked, log id ... error message cut to 250 characters'", () => {
  it.each([
    {
      name: "'URL with digits masked' and 'log id (from correlationId ...)'",
      failure: httpFailure({
        status: 404,
        url: "/api/user-management/web-targets/K1?t=42",
        body: [{ errorCode: "NOT_FOUND" }],
        correlationId: "c-1",
        logId: "l-1",
      }),
      report: {
        status: 404,
        url: "/api/user-management/web-targets/KX?t=XX",
        logId: "c-1",
        message: '[{"errorCode":"NOT_FOUND"}]',
      },
    },
    {
      name: "'... or log_id header'",
      failure: httpFailure({ status: 500, url: "/x", body: "Internal", logId: "l-2" }),
      report: { status: 500, url: "/x", logId: "l-2", message: "Internal" },
    },
    {
      name: "no body: the transport message",
      failure: httpFailure({ status: 0, url: "/x", message: "Network request failed" }),
      report: { status: 0, url: "/x", logId: null, message: "Network request failed" },
    },
  ])("$name", ({ failure, report }) => expect(reportableError(failure)).toEqual(report));
});

describe("maskErrorText: 'IBANs and e-mails in messages are masked; text shorter than 10 characters is left as is'", () => {
  it.each([
    ["a@b.de", "a@b.de"],
    ["short", "short"],
    ["Mail to erika.m@example.de failed", "Mail to ***@*** failed"],
    ["IBAN DE89370400440532013000 rejected", "IBAN **** rejected"],
    ["IBAN DE89 3704 0044 0532 0130 00 rejected", "IBAN **** rejected"],
    ["IBAN AT611904300234573201 and CH9300762011623852957", "IBAN **** and ****"],
    ["order 1234567890123 ok", "order 1234567890123 ok"],
  ])("%j -> %j", (text, masked) => expect(maskErrorText(text)).toBe(masked));

  it("cuts to 250 characters after masking", () => {
    const text = `${"x".repeat(240)} erika@example.de ${"y".repeat(100)}`;
    const masked = maskErrorText(text);
    expect(masked).toHaveLength(250);
    expect(masked).toContain("***@***");
  });
});
