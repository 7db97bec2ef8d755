import type { WebTarget } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { httpFailure } from "./http-failure.js";
import { err, ok } from "./result.js";
import {
  checkedPrk,
  isAllowedRedirect,
  loginTarget,
  normalizePrk,
  showInvalidPrkNotice,
  webTargetFallback,
  webTargetHref,
  webTargetKey,
  webTargetOutcome,
} from "./web-target.js";

const shop: WebTarget = { key: "SHOP", url: "https://shop.example/start", sourceSystem: "SHOP" };
const allow = ["https://shop.example", "https://portal.example"];
const lookupFailed = httpFailure({
  status: 404,
  url: "/api/user-management/web-targets/X",
  correlationId: "c-9",
});

describe("normalizePrk / webTargetKey: 'Prk is upper-cased'; 'default key MC, also used when prk is empty at login'", () => {
  it.each([
    ["shop", "SHOP", "SHOP"],
    [" Shop ", "SHOP", "SHOP"],
    ["", null, "MC"],
    ["   ", null, "MC"],
    [null, null, "MC"],
    [undefined, null, "MC"],
  ])("%j -> %j, key %s", (prk, normalised, key) => {
    expect(normalizePrk(prk)).toBe(normalised);
    expect(webTargetKey(prk)).toBe(key);
  });
});

describe("isAllowedRedirect: only listed origins", () => {
  it.each([
    ["https://shop.example/start?x=1", true],
    ["https://portal.example", true],
    ["/benutzerverwaltung/konto", true],
    ["https://evil.example/", false],
    ["https://shop.example.evil.example/", false],
    ["http://shop.example/", false],
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["data:text/html,x", false],
    ["//evil.example/", false],
    ["/\\evil.example/", false],
    ["https://user:pw@shop.example/", false],
    ["https://shop.example\n.evil/", false],
    ["", false],
    ["not a url", false],
  ])("%j: %s", (url, allowed) => expect(isAllowedRedirect(url, allow)).toBe(allowed));
});

describe("loginTarget: 'Works out a target from query prk, optional prt and newUser; default target is the profile page'", () => {
  const profile = { kind: "route", name: "profile" };
  it.each([
    { name: "no prk: the profile page", query: {}, webTarget: shop, target: profile },
    {
      name: "prk with its web target",
      query: { prk: "shop" },
      webTarget: shop,
      target: { kind: "url", url: "https://shop.example/start" },
    },
    {
      name: "prk with prt and newUser carried",
      query: { prk: "shop", prt: "t 1", newUser: "true" },
      webTarget: shop,
      target: { kind: "url", url: "https://shop.example/start?prt=t+1&newUser=true" },
    },
    {
      name: "prk whose lookup failed: the profile page",
      query: { prk: "nope" },
      webTarget: null,
      target: profile,
    },
    {
      name: "a web target outside the allow-list: the profile page",
      query: { prk: "x" },
      webTarget: { ...shop, url: "https://evil.example/" },
      target: profile,
    },
    {
      name: "a same-origin web target stays relative",
      query: { prk: "mc", prt: "p" },
      webTarget: { ...shop, url: "/benutzerverwaltung/konto" },
      target: { kind: "url", url: "/benutzerverwaltung/konto?prt=p" },
    },
  ])("$name", ({ query, webTarget, target }) => {
    expect(loginTarget(query, { webTarget, allowList: allow })).toEqual(target);
  });
});

describe("web-target fallback: 'registration falls back to key null with the correlation id from the error response; a failed prk check returns null'", () => {
  it("webTargetFallback", () => {
    expect(webTargetFallback(lookupFailed)).toEqual({
      key: null,
      webTarget: null,
      correlationId: "c-9",
    });
  });
  it("webTargetOutcome", () => {
    expect(webTargetOutcome(ok(shop))).toEqual({
      key: "SHOP",
      webTarget: shop,
      correlationId: null,
    });
    expect(webTargetOutcome(err(lookupFailed))).toEqual({
      key: null,
      webTarget: null,
      correlationId: "c-9",
    });
  });
  it("checkedPrk", () => {
    expect(checkedPrk(err(lookupFailed))).toBeNull();
    expect(checkedPrk(ok(shop))).toBe(shop);
  });
});

describe("showInvalidPrkNotice: 'A notice appears when the prk return parameter is invalid'", () => {
  it.each([
    { prk: "nope", webTarget: null, shown: true },
    { prk: "shop", webTarget: shop, shown: false },
    { prk: null, webTarget: null, shown: false },
    { prk: "", webTarget: null, shown: false },
  ])("prk $prk, found $webTarget.key: $shown", ({ prk, webTarget, shown }) => {
    expect(showInvalidPrkNotice({ prk, webTarget })).toBe(shown);
  });
});

describe("webTargetHref: the way on to the registration's web target carries prt", () => {
  it.each([
    {
      url: "https://shop.example/start",
      query: { prt: "t1" },
      href: "https://shop.example/start?prt=t1",
    },
    {
      url: "https://shop.example/?a=1",
      query: { prt: "t 2", newUser: "true" },
      href: "https://shop.example/?a=1&prt=t+2&newUser=true",
    },
    { url: "https://shop.example/", query: { prt: null }, href: "https://shop.example/" },
    {
      url: "/benutzerverwaltung/konto",
      query: { prt: "t1" },
      href: "/benutzerverwaltung/konto?prt=t1",
    },
  ])("$url with $query", ({ url, query, href }) => {
    expect(webTargetHref(url, query)).toBe(href);
  });
});
