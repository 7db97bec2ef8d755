// A sign-out ends at the base path (spec), which shows the registration form: the page
// load after it says "You are signed out" there. The sign-out (this tab's, or the session
// check's when the session ended elsewhere) marks it in the tab's session storage before
// the browser leaves; the next page load takes the mark once.

import { routeOfPath } from "@portal/core";
import { storageSessionHint } from "../adapters/session-hint.js";

const KEY = "portal.signedOut";

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Marks the tab as signed out by the person (or by the session check) for the next load. */
export const markSignedOut = (): void => {
  try {
    storage()?.setItem(KEY, "1");
  } catch {
    // Without storage the registration form shows without the notice.
  }
};

/**
 * The session check found the session ended (a sign-out in another tab or on another
 * device; the token is cleared by then). On a protected page: a new page load at the base
 * path, which says "You are signed out", so nothing of the person stays in memory. A
 * public page shows nothing of the person and stays (the page that confirmed the account's
 * deletion, which ends its sessions, keeps saying so).
 */
export const leaveSignedOut = (basePath: string): void => {
  storageSessionHint().remember(false);
  if (routeOfPath(window.location.pathname)?.access !== "protected") return;
  markSignedOut();
  window.location.replace(new URL(basePath, window.location.origin).href);
};

// Taken once per page load (React may run a component's effects twice in development).
let taken: boolean | undefined;

/**
 * True when this page load follows a sign-out; the mark is removed, so a later load in the
 * tab (a reload, a new visit) is an ordinary one.
 *
 * @example
 * if (takeSignedOut()) go("register", undefined, { state: { signedOut: true } });
 */
export const takeSignedOut = (): boolean => {
  if (taken === undefined) {
    taken = storage()?.getItem(KEY) === "1";
    storage()?.removeItem(KEY);
  }
  return taken;
};

/** For tests: forgets what this page load took. */
export const resetSignedOutForTests = (): void => {
  taken = undefined;
};
