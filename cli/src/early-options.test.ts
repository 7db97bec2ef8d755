import { describe, expect, it } from "vitest";
import { earlyOptions } from "./early-options.js";

describe("earlyOptions: --lang and --json before commander parses", () => {
  it.each([
    { args: ["health", "--lang", "en"], env: { LANG: "fr_FR" }, language: "en", json: false },
    { args: ["--lang=fr_LU", "--json", "health"], env: {}, language: "fr", json: true },
    { args: ["--lang", "en", "--lang", "fr"], env: {}, language: "fr", json: false },
    { args: ["health"], env: { LANG: "en_US.UTF-8" }, language: "en", json: false },
    // A language the CLI does not speak: the environment's, in which commander then reports it.
    { args: ["--lang", "xx"], env: { LANG: "fr_FR" }, language: "fr", json: false },
    { args: ["--lang"], env: {}, language: "de", json: false },
    // After `--` everything is an operand.
    { args: ["--", "--lang", "en", "--json"], env: {}, language: "de", json: false },
  ])("$args with $env -> $language, json $json", ({ args, env, language, json }) => {
    expect(earlyOptions(args, env)).toEqual({ language, json });
  });
});
