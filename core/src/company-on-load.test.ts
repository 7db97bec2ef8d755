import type { CompanySuggestions } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { companyOnLoad, suggestionFor } from "./company-on-load.js";
import { err, ok } from "./result.js";
import { basePerson, failureWith } from "./testing/person-fixture.js";

const failure = failureWith([{ errorCode: "BACKEND_ERROR" }], { correlationId: "c-1" });

describe("companyOnLoad: 'When the own person loads with an unverifiedCrefonummer the company suggestion is looked up'", () => {
  const person = { ...basePerson, unverifiedCrefonummer: "2010000001" };
  const suggestions = (...list: Array<[string, string]>): CompanySuggestions => ({
    companyNameSuggestions: list.map(([crefonummer, name]) => ({ crefonummer, name })),
  });
  it.each([
    {
      name: "'if the first suggestion's number equals it, companyName is set'",
      lookup: ok(suggestions(["2010000001", "Muster GmbH"])),
      expected: { ...person, companyName: "Muster GmbH" },
    },
    {
      name: "a different first suggestion: unchanged",
      lookup: ok(suggestions(["2010000002", "Other"], ["2010000001", "Muster GmbH"])),
      expected: person,
    },
    { name: "no suggestions: unchanged", lookup: ok(suggestions()), expected: person },
    {
      name: "'if the lookup fails, unverifiedCrefonummer is cleared'",
      lookup: err(failure),
      expected: { ...person, unverifiedCrefonummer: null },
    },
  ])("$name", ({ lookup, expected }) => expect(companyOnLoad(person, lookup)).toEqual(expected));
  it("a person without unverifiedCrefonummer is left alone", () => {
    expect(companyOnLoad(basePerson, err(failure))).toBe(basePerson);
  });
});

describe("suggestionFor: the suggestion of exactly one crefonummer", () => {
  const answer = {
    companyNameSuggestions: [
      { crefonummer: "20100000010", name: "Längere Nummer AG" },
      { crefonummer: "2010000001", name: "Muster GmbH", city: "Köln" },
    ],
  };
  it.each([
    ["2010000001", "Muster GmbH"],
    ["201000000", undefined],
    ["9999999999", undefined],
  ])("%s -> %s", (number, name) => expect(suggestionFor(number, answer)?.name).toBe(name));
});
