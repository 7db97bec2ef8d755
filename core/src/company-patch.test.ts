import { describe, expect, it } from "vitest";
import { diffCompany } from "./company-patch.js";

describe("diffCompany: 'unverifiedCrefonummer: add when none; replace when one existed and a new one is given; remove when cleared'", () => {
  it.each([
    {
      name: "'add when none'",
      stored: null,
      next: "2010000001",
      ops: [{ op: "add", path: "/unverifiedCrefonummer", value: "2010000001" }],
    },
    {
      name: "'add when none' (stored blank)",
      stored: "",
      next: "2010000001",
      ops: [{ op: "add", path: "/unverifiedCrefonummer", value: "2010000001" }],
    },
    {
      name: "'replace when one existed and a new one is given'",
      stored: "2010000001",
      next: "2010000002",
      ops: [{ op: "replace", path: "/unverifiedCrefonummer", value: "2010000002" }],
    },
    {
      name: "'remove when cleared' (null)",
      stored: "2010000001",
      next: null,
      ops: [{ op: "remove", path: "/unverifiedCrefonummer" }],
    },
    {
      name: "'remove when cleared' (empty)",
      stored: "2010000001",
      next: "",
      ops: [{ op: "remove", path: "/unverifiedCrefonummer" }],
    },
    { name: "the same number again: nothing", stored: "2010000001", next: "2010000001", ops: [] },
    { name: "none before and none given: nothing", stored: null, next: null, ops: [] },
  ])("$name", ({ stored, next, ops }) => {
    expect(diffCompany({ unverifiedCrefonummer: stored }, next)).toEqual(ops);
  });
});
