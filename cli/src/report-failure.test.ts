import { httpFailure } from "@portal/core";
import { describe, expect, it } from "vitest";
import { TIMEOUT_REASON } from "./adapters/http-client.js";
import { failed, httpFailed, usageError } from "./failure.js";
import { translator } from "./i18n.js";
import { reportFailure, terminalSafe } from "./report-failure.js";

const url = "http://portal.test/api/user-management/support/persons";
const refusal = (body: unknown, correlationId: string | null = "c-42", status = 400) =>
  httpFailed(httpFailure({ status, url, body, correlationId }));

describe("reportFailure: spec section 8's dialog logic, in the terminal", () => {
  it("'a list whose first entry has an errorCode': the translation of HttpErrorMessages.{errorCode}", () => {
    const report = reportFailure(
      refusal([{ errorCode: "MITGLIEDSNUMMER_UNKNOWN" }, { errorCode: "X" }]),
      translator("en"),
    );
    expect(report.text).toBe(
      [
        "An error occurred: The member number is unknown. Please contact our support.",
        `HTTP 400 from ${url}`,
        "Error reference: c-42",
      ].join("\n"),
    );
    expect(report.json).toEqual({
      error: {
        kind: "http",
        message: "The member number is unknown. Please contact our support.",
        status: 400,
        url,
        errorCodes: ["MITGLIEDSNUMMER_UNKNOWN", "X"],
        correlationId: "c-42",
      },
    });
  });

  it.each([
    [
      "de",
      "Ein Fehler ist aufgetreten: Die E-Mail-Adresse entspricht der aktuell verwendeten.",
      "Fehlerreferenz: c-42",
    ],
    [
      "fr",
      "Une erreur s'est produite: L'adresse e-mail correspond à celle actuellement utilisée.",
      "Référence de l'erreur : c-42",
    ],
    [
      "en",
      "An error occurred: The email address corresponds to the one currently used.",
      "Error reference: c-42",
    ],
  ] as const)("in %s", (language, first, last) => {
    const lines = reportFailure(
      refusal([{ errorCode: "EMAIL_UNCHANGED" }]),
      translator(language),
    ).text.split("\n");
    expect(lines[0]).toBe(first);
    expect(lines[2]).toBe(last);
  });

  it("an unknown code is worded as HttpErrorMessages.Default", () => {
    expect(
      reportFailure(refusal([{ errorCode: "SOMETHING_NEW" }]), translator("en")).text,
    ).toContain("Something went wrong. Please try again.");
  });

  it("'else the given message' (its HTML reduced to text)", () => {
    const report = reportFailure(
      refusal([{ message: "Bitte <b>später</b> erneut\u001b[31m" }]),
      translator("de"),
    );
    expect(report.text.split("\n")[0]).toBe("Ein Fehler ist aufgetreten: Bitte später erneut[31m");
  });

  it("'else HttpErrorMessages.Default'; no correlation id line without one", () => {
    const report = reportFailure(refusal(null, null, 500), translator("en"));
    expect(report.text).toBe(
      ["An error occurred: Something went wrong. Please try again.", `HTTP 500 from ${url}`].join(
        "\n",
      ),
    );
  });

  it("401 and 403 say what is missing", () => {
    expect(
      reportFailure(refusal([{ errorCode: "UNAUTHORIZED" }], "c", 401), translator("en")).text,
    ).toContain("Not signed in, or the sign-in has expired: run `portal login`.");
    expect(
      reportFailure(refusal([{ errorCode: "FORBIDDEN" }], "c", 403), translator("en")).text,
    ).toContain("This account lacks the support role.");
  });

  it("an unreachable portal: which URL and why", () => {
    const down = httpFailed(
      httpFailure({
        status: 0,
        url: "http://127.0.0.1:9/healthz",
        message: "connect ECONNREFUSED 127.0.0.1:9",
      }),
    );
    expect(reportFailure(down, translator("en"))).toEqual({
      text: "The portal at http://127.0.0.1:9/healthz is unreachable: connect ECONNREFUSED 127.0.0.1:9",
      json: {
        error: {
          kind: "unreachable",
          message:
            "The portal at http://127.0.0.1:9/healthz is unreachable: connect ECONNREFUSED 127.0.0.1:9",
          url: "http://127.0.0.1:9/healthz",
        },
      },
    });
  });

  it("a portal that does not answer in time", () => {
    const slow = httpFailed(
      httpFailure({ status: 0, url: "http://portal.test/x", message: TIMEOUT_REASON }),
    );
    expect(reportFailure(slow, translator("de")).text).toBe(
      "Das Portal unter http://portal.test/x ist nicht erreichbar: keine Antwort innerhalb von 30 s",
    );
  });

  it("usage and other failures are their message", () => {
    expect(reportFailure(usageError("usage.email", { value: "x" }), translator("en"))).toEqual({
      text: "'x' is not a valid e-mail address (must be a valid email).",
      json: {
        error: {
          kind: "usage",
          message: "'x' is not a valid e-mail address (must be a valid email).",
        },
      },
    });
    expect(reportFailure(failed("error.cancelled"), translator("fr")).json.error.kind).toBe(
      "failed",
    );
  });
});

describe("terminalSafe", () => {
  it.each([
    ["<p>Hallo <a href='x'>Welt</a></p>", "Hallo Welt"],
    ["line\rover", "lineover"],
    ["\u009b2J bell\u0007", "2J bell"],
    ["  keeps\ttabs and\nnew lines ", "keeps\ttabs and\nnew lines"],
  ])("%j -> %j", (given, shown) => {
    expect(terminalSafe(given)).toBe(shown);
  });
});
