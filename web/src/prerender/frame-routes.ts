import { ROUTES, type RouteName } from "@portal/core";

/**
 * What makes a public route's first render differ from its prerendered frame: query
 * parameters its first render reads (the server then answers the empty index.html, the
 * app renders on its own) and whether it reads the history state of a navigation (a
 * reload keeps that state: the app then renders instead of hydrating).
 */
export interface FrameCondition {
  readonly query?: ReadonlyArray<string>;
  readonly historyState?: boolean;
}

/**
 * Every public route has a frame: the HTML the server sends carries the page, the app
 * hydrates it. The conditions name what a frame cannot know; a route whose first render
 * reads anything else from the address must be added here (the hydration test in
 * tests/e2e/prerender.spec.ts fails otherwise).
 */
export const FRAME_CONDITIONS: Partial<Record<RouteName, FrameCondition>> = {
  // Without its token the page says the link is incomplete; with it, it shows the form.
  "password-reset": { query: ["passwordResetToken"] },
  // The warning about an unknown registration key, and the resend offer for the address
  // the form was sent with (navigation state).
  "register-success": { query: ["invalidPrk"], historyState: true },
  "password-forgotten-success": { historyState: true },
};

/** The routes whose frames the build prerenders: every public one. */
export const FRAME_ROUTES = ROUTES.filter((route) => route.access === "public");

/** The languages with a frame each; de-AT and fr-LU use their language's. */
export const FRAME_LANGUAGES = ["de", "en", "fr"] as const;
export type FrameLanguage = (typeof FRAME_LANGUAGES)[number];
