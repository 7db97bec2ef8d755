import { LINK_QUERY, type RouteName } from "@portal/core";

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
  "password-reset": { query: [LINK_QUERY.passwordReset] },
  // With a membership ID the form opens with the membership answered "yes" and its fields
  // shown; showSmartSignup=0 leaves the company search out. Either changes the form's
  // layout: a frame without them would move under the visitor when the app takes it over.
  register: { query: ["mitgliedskennung", "memberUserId", "showSmartSignup"] },
  // The warning about an unknown registration key, and the resend offer for the address
  // the form was sent with (navigation state).
  "register-success": { query: ["invalidPrk"], historyState: true },
  "password-forgotten-success": { historyState: true },
};
