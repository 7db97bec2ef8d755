// A sign-out ends at the base path (spec), which shows the registration form: the page
// load after it says "You are signed out" there. "Secure my account" on the security page
// ends every sign-in, this one too: it leaves for the base path as well, which then says
// the account is secured and the reset mail is the way in (issue 46), and no "sign in
// again" that cannot work before the reset. The sign-out (this tab's, or the session
// check's when the session ended elsewhere) marks it in the tab's session storage before
// the browser leaves; the next page load takes the mark once.

import { routeOfPath } from "@portal/core";
import { storageSessionHint } from "../adapters/session-hint.js";

const KEY = "portal.signedOut";
const SECURED = "secured";

/** Why the tab was signed out: by a sign-out (or the session check), or by securing. */
export type SignOutMark = "signed-out" | "secured";

// Set while "Secure my account" runs: its sign-ins end before its answer comes, and the
// session check must not take the page to "You are signed out" meanwhile.
let securing = false;

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
  if (securing) return;
  if (routeOfPath(window.location.pathname)?.access !== "protected") return;
  markSignedOut();
  window.location.replace(new URL(basePath, window.location.origin).href);
};

/** "Secure my account" has started: the session check leaves the page alone until it ends. */
export const securingStarted = (): void => {
  securing = true;
};

/** Securing failed: the session check may sign the tab out again. */
export const securingFailed = (): void => {
  securing = false;
};

/**
 * The account is secured from this signed-in page: the browser signs out locally (a new
 * page load at the base path keeps no token in memory; the provider's sessions are ended
 * by the server) and that page says the account is secured.
 */
export const leaveSecured = (basePath: string): void => {
  storageSessionHint().remember(false);
  try {
    storage()?.setItem(KEY, SECURED);
  } catch {
    // Without storage the base path shows the registration form without the notice.
  }
  window.location.replace(new URL(basePath, window.location.origin).href);
};

// Taken once per page load (React may run a component's effects twice in development).
let taken: SignOutMark | null | undefined;

/**
 * Why this page load follows a sign-out, or null; the mark is removed, so a later load in
 * the tab (a reload, a new visit) is an ordinary one.
 *
 * @example
 * if (takeSignedOut() === "signed-out") go("register", undefined, { state: { signedOut: true } });
 */
export const takeSignedOut = (): SignOutMark | null => {
  if (taken === undefined) {
    const mark = storage()?.getItem(KEY);
    taken = mark === SECURED ? "secured" : mark === "1" ? "signed-out" : null;
    storage()?.removeItem(KEY);
  }
  return taken;
};

/** For tests: forgets what this page load took, and any securing under way. */
export const resetSignedOutForTests = (): void => {
  taken = undefined;
  securing = false;
};
