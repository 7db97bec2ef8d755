import { BASE_PATH, routeByName } from "@portal/core";
import { waitFor } from "@testing-library/react";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageReadyTracker } from "../app/page-ready.js";
import { start } from "../app/start.js";
import { FRAME_CONFIG, YEAR_MARKER } from "./frame-config.js";
import { FRAME_LANGUAGES, FRAME_ROUTES } from "./frame-routes.js";
import { renderFrame } from "./render-frame.js";

// The sign-in check stays open: the page is hydrated as a visitor's, as in the browser
// until the provider answers (its answer re-renders afterwards, which is not hydration).
vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

/**
 * The frame as the server sends it for this test's configuration (the frame's branding
 * markers are this configuration's values) and this year.
 */
const framedRoot = (html: string, language: string): HTMLElement => {
  document.body.innerHTML = `<div id="root" data-frame="${language}">${html.replaceAll(YEAR_MARKER, String(new Date().getFullYear()))}</div>`;
  return document.getElementById("root") as HTMLElement;
};

describe("prerendered frames hydrate without a difference (React's development checks)", () => {
  const cases = FRAME_ROUTES.flatMap((route) =>
    FRAME_LANGUAGES.map((language) => ({ name: route.name, language })),
  );

  it.each(cases)("$name in $language", async ({ name, language }) => {
    const route = routeByName(name);
    const { html } = await renderFrame(route, language);
    // React's server renderer leaves the last frame's context values on the shared context
    // objects until its next render starts (it restores them then); in one JavaScript
    // realm with the client renderer, an empty render clears them first.
    await prerender(null);
    expect(html).toContain('class="shell"');
    window.history.replaceState(null, "", `${BASE_PATH}${route.path}`);
    const root = framedRoot(html, language);
    // The header stays whatever the page does next (a confirmation page's loading state
    // ends as soon as its request fails here): its node must be the frame's.
    const header = root.querySelector("header");
    expect(header).not.toBeNull();
    const errors = vi.spyOn(console, "error");
    const app = await start(root, {
      language,
      route,
      config: Promise.resolve(FRAME_CONFIG),
      pageReady: new PageReadyTracker(document.body, 0),
      endBoot: () => undefined,
      frame: true,
    });
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
