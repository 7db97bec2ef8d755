import { type RouteName, routeByName } from "@portal/core";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FRAME_LANGUAGES, FRAME_ROUTES } from "./frame-config.js";
import { FRAME_CONDITIONS } from "./frame-routes.js";
import { framedPage, hydrateFramedPage } from "./frame-test-support.js";

// The sign-in check stays open: the page is hydrated as a visitor's, as in the browser
// until the provider answers (its answer re-renders afterwards, which is not hydration).
vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("prerendered frames hydrate without a difference (React's development checks)", () => {
  const cases = FRAME_ROUTES.flatMap((route) =>
    FRAME_LANGUAGES.map((language) => ({ name: route.name, language })),
  );

  it.each(cases)("$name in $language", async ({ name, language }) => {
    await expectCleanHydration(name, language, "");
  });
});

// The server sends a route's frame for any query its FRAME_CONDITIONS do not name. Each query
// parameter the spec gives a public route must then leave the first render as the frame
// shows it (the links' carried client_id and prk come right after hydration), or be named
// there (the app renders on its own): else React draws the page afresh in the browser
// (#418), and a field being typed into loses focus.
const QUERIES: ReadonlyArray<readonly [RouteName, string]> = [
  ["register", "prt=abc"],
  ["register", "prk=MC"],
  ["register", "client_id=shop"],
  ["register", "crefonummer=3551288773"],
  ["register", "crefonummer=12a"],
  ["register", "mitgliedskennung=9879342777"],
  ["register", "memberUserId=4711"],
  ["register", "showSmartSignup=0"],
  ["register", "showSmartSignup=1"],
  ["register", "mitgliedskennung=12a"],
  ["register-members", "prt=abc&prk=MC"],
  ["register-members", "crefonummer=3551288773"],
  ["register-members", "showSmartSignup=1"],
  ["register-optin", "optinId=abc&prt=x"],
  ["register-success", "invalidPrk=1"],
  ["password-reset", "passwordResetToken=abc"],
  ["password-reset", "prt=abc&client_id=shop"],
  ["password-forgotten", "prk=MC"],
  ["change-mail-address-optin", "optinId=abc"],
  ["confirm-account-deletion", "optoutId=abc"],
  // Issue 46: the mailed one-click pages read their token in the first render (#418).
  ["cancel-mail-address-change", "token=abc"],
  ["revert-mail-address", "token=abc"],
  ["secure-account", "token=abc"],
  ["restore-account", "token=abc"],
  ["login", "prk=MC&prt=abc&newUser=1"],
];

describe("a query hydrates the frame without a difference, or the frame is not sent for it", () => {
  const served = QUERIES.filter(
    ([name, query]) =>
      ![...new URLSearchParams(query).keys()].some((p) =>
        FRAME_CONDITIONS[name]?.query?.includes(p),
      ),
  );
  it.each(served)("%s?%s", async (name, query) => {
    await expectCleanHydration(name, "de", `?${query}`);
  });

  it("names no more than the parameters that change the first render (a product's prk keeps the frame)", () => {
    for (const [name, query] of QUERIES.filter(([, q]) => !served.some(([, s]) => s === q)))
      expect(`${name}?${query}`).toMatch(
        /^(register\?(mitgliedskennung|memberUserId|showSmartSignup)=|password-reset\?passwordResetToken=|register-success\?invalidPrk=)/,
      );
  });
});

/**
 * Hydrates the route's frame at the address with `search` and fails on any difference
 * React's development checks report, or on a frame node thrown away.
 */
async function expectCleanHydration(name: RouteName, language: string, search: string) {
  const route = routeByName(name);
  const root = await framedPage(route, language, search);
  expect(root.innerHTML).toContain('class="shell"');
  // The header stays whatever the page does next (a confirmation page's loading state
  // ends as soon as its request fails here): its node must be the frame's.
  const header = root.querySelector("header");
  expect(header).not.toBeNull();
  const errors = vi.spyOn(console, "error");
  // A difference React recovers from by drawing afresh reaches start()'s onRecoverableError,
  // which reports it as the browser reports an uncaught error.
  const reported = vi.fn();
  vi.stubGlobal("reportError", reported);
  const app = await hydrateFramedPage(root, route, language);
  // Hydration keeps the frame's nodes: the same element is still in the page, live, and so
  // is every other (the form's Suspense boundary hydrates after the shell).
  const live = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  await waitFor(() =>
    expect([...root.querySelectorAll("*")].filter((el) => !live(el))).toEqual([]),
  );
  expect(header?.isConnected).toBe(true);
  app.unmount();
  // Only the test's own setup may warn: both renderers in one realm (in the browser the
  // server's ran at build time).
  const own = "Detected multiple renderers concurrently rendering the same context provider";
  expect(errors.mock.calls.filter(([message]) => !String(message).startsWith(own))).toEqual([]);
  expect(reported.mock.calls.map(([e]) => String(e))).toEqual([]);
}
