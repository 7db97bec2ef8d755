import { CATALOGUE, textsFor } from "@portal/core/texts";
import { describe, expect, it } from "vitest";
import { CLI_LANGUAGES, translator } from "./i18n.js";

// Key parity, placeholders and unused keys of the cli and help namespaces: core's
// catalogue test (core/src/texts/catalogue.test.ts).
describe("the translator: i18next over core's cli and help namespaces", () => {
  it.each(CLI_LANGUAGES)("%s fills {{name}} parameters and leaves unknown ones", (language) => {
    const t = translator(language);
    expect(t.t("error.status", { status: 503, url: "http://x" })).toMatch(/503.*http:\/\/x/);
    expect(t.t("error.status", { status: 503 })).toContain("{{url}}");
  });

  it.each(CLI_LANGUAGES)("%s reads help texts from the help namespace", (language) =>
    expect(translator(language).t("help.url", { default: "http://p" })).toContain("http://p"),
  );

  it.each(CLI_LANGUAGES)("%s: its tables' shared labels nest core's shared messages", (language) =>
    expect(translator(language).t("membership.personalPassword")).toBe(
      textsFor(language).t("shared:Fields.personalPassword"),
    ),
  );

  it.each(CLI_LANGUAGES)("%s words error codes and dialog texts from core's errors", (language) => {
    const t = translator(language);
    expect(t.httpError("PASSWORD_INCORRECT")).toBe(
      CATALOGUE[language].errors.HttpErrorMessages.PASSWORD_INCORRECT,
    );
    expect(t.shared("Dialog.Default.CorrelationId", { id: "c-1" })).toContain("c-1");
    expect(t.shared("Dialog.Default")).toBeUndefined();
    expect(t.shared("Dialog.Nope")).toBeUndefined();
  });
});
