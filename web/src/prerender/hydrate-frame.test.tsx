import { routeByName } from "@portal/core";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FRAME_LANGUAGES, FRAME_ROUTES } from "./frame-routes.js";
import { framedPage, hydrateFramedPage } from "./frame-test-support.js";

// The sign-in check stays open: the page is hydrated as a visitor's, as in the browser
// until the provider answers (its answer re-renders afterwards, which is not hydration).
vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("prerendered frames hydrate without a difference (React's development checks)", () => {
  const cases = FRAME_ROUTES.flatMap((route) =>
    FRAME_LANGUAGES.map((language) => ({ name: route.name, language })),
  );

  it.each(cases)("$name in $language", async ({ name, language }) => {
    const route = routeByName(name);
    const root = await framedPage(route, language);
    expect(root.innerHTML).toContain('class="shell"');
    // The header stays whatever the page does next (a confirmation page's loading state
    // ends as soon as its request fails here): its node must be the frame's.
    const header = root.querySelector("header");
    expect(header).not.toBeNull();
    const errors = vi.spyOn(console, "error");
    const app = await hydrateFramedPage(root, route, language);
    // Hydration keeps the frame's nodes: the same element is still in the page, live.
    await waitFor(() =>
      expect(
        Object.keys(root.firstElementChild ?? {}).some((k) => k.startsWith("__reactFiber")),
      ).toBe(true),
    );
    expect(header?.isConnected).toBe(true);
    app.unmount();
    // Only the test's own setup may warn: both renderers in one realm (in the browser the
    // server's ran at build time).
    const own = "Detected multiple renderers concurrently rendering the same context provider";
    expect(errors.mock.calls.filter(([message]) => !String(message).startsWith(own))).toEqual([]);
  });
});
