import { describe, expect, it } from "vitest";
import { carryOverQuery, parseRegistrationQuery } from "./query.js";

describe("parseRegistrationQuery: 'Query: prt, crefonummer (digits only), mitgliedskennung or memberUserId (digits only), showSmartSignup (1 shows, 0 hides)'", () => {
  const none = {
    prt: null,
    prk: null,
    crefonummer: null,
    mitgliedskennung: null,
    showSmartSignup: true,
    autoCompanyAssignment: true,
  };
  it.each([
    { name: "an empty query", search: "", member: false, expected: none },
    {
      name: "prt and prk (upper-cased)",
      search: "?prt=tok&prk=shop",
      member: false,
      expected: { ...none, prt: "tok", prk: "SHOP" },
    },
    {
      name: "crefonummer of digits",
      search: "?crefonummer=2010000001",
      member: false,
      expected: { ...none, crefonummer: "2010000001" },
    },
    {
      name: "crefonummer with letters is ignored",
      search: "?crefonummer=20100x",
      member: false,
      expected: none,
    },
    {
      name: "mitgliedskennung of digits",
      search: "?mitgliedskennung=123456",
      member: false,
      expected: { ...none, mitgliedskennung: "123456" },
    },
    {
      name: "memberUserId of digits",
      search: "?memberUserId=654321",
      member: false,
      expected: { ...none, mitgliedskennung: "654321" },
    },
    {
      name: "memberUserId with letters is ignored",
      search: "?memberUserId=65a",
      member: false,
      expected: none,
    },
    {
      name: "showSmartSignup=0 hides",
      search: "?showSmartSignup=0",
      member: false,
      expected: { ...none, showSmartSignup: false },
    },
    {
      name: "showSmartSignup=1 shows",
      search: "?showSmartSignup=1",
      member: false,
      expected: none,
    },
    {
      name: "'Member variant; always hides smart signup' and disables automatic company assignment",
      search: "?showSmartSignup=1",
      member: true,
      expected: { ...none, showSmartSignup: false, autoCompanyAssignment: false },
    },
  ])("$name", ({ search, member, expected }) => {
    expect(parseRegistrationQuery(search, { member })).toEqual(expected);
  });
});

describe("carryOverQuery: 'Query values client_id and prk carry over from the previous route to the next'", () => {
  it.each([
    [
      "?client_id=web&prk=SHOP&optinId=9",
      "/benutzerverwaltung/konto",
      "/benutzerverwaltung/konto?client_id=web&prk=SHOP",
    ],
    [
      "?client_id=web",
      "/benutzerverwaltung/konto?x=1#top",
      "/benutzerverwaltung/konto?x=1&client_id=web#top",
    ],
    ["?prk=OLD", "/benutzerverwaltung/login?prk=NEW", "/benutzerverwaltung/login?prk=NEW"],
    ["", "/benutzerverwaltung/konto", "/benutzerverwaltung/konto"],
    ["?prk=", "/benutzerverwaltung/konto", "/benutzerverwaltung/konto"],
  ])("from %j to %j", (from, to, expected) => expect(carryOverQuery(from, to)).toBe(expected));
});
