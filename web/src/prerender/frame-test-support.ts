import { BASE_PATH, type RouteDefinition } from "@portal/core";
import type { Root } from "react-dom/client";
import { prerender } from "react-dom/static";
import { PageReadyTracker } from "../app/page-ready.js";
import { start } from "../app/start.js";
import { FRAME_CONFIG, YEAR_MARKER } from "./frame-config.js";
import { renderFrame } from "./render-frame.js";

/**
 * The route's frame in `language` as the server sends it for this test's configuration
 * (the frame's branding markers are this configuration's values) and this year, in #root
 * of the document, at the route's address (with `search`, a query such as `?prk=MC`, when
 * given: the server sends the same frame for any query its route's conditions do not
 * name). Answers #root: the frame, not yet hydrated.
 */
export async function framedPage(
  route: RouteDefinition,
  language: string,
  search = "",
): Promise<HTMLElement> {
  const { html } = await renderFrame(route, language);
  // React's server renderer leaves the last frame's context values on the shared context
  // objects until its next render starts (it restores them then); in one JavaScript
  // realm with the client renderer, an empty render clears them first.
  await prerender(null);
  window.history.replaceState(null, "", `${BASE_PATH}${route.path}${search}`);
  const year = String(new Date().getFullYear());
  document.body.innerHTML = `<div id="root" data-frame="${language}">${html.replaceAll(YEAR_MARKER, year)}</div>`;
  return document.getElementById("root") as HTMLElement;
}

/** Starts the app on a framed page as main.tsx does in the browser: it hydrates the frame. */
export const hydrateFramedPage = (
  root: HTMLElement,
  route: RouteDefinition,
  language: string,
): Promise<Root> =>
  start(root, {
    language,
    route,
    config: Promise.resolve(FRAME_CONFIG),
    pageReady: new PageReadyTracker(document.body, 0),
    endBoot: () => undefined,
    frame: true,
  });
