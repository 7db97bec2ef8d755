import { BASE_PATH, SESSION_HINT_COOKIE } from "@portal/core";
import { vi } from "vitest";
import { resetDeferredWorkForTests } from "../app/deferred-work.js";
import { resetSignedOutForTests } from "../app/signed-out.js";
import { forgetTypedBeforeHydrationForTests } from "../components/form/typed-in-frame.js";
import { resetFreshSignInForTests } from "../features/account/shared/fresh-sign-in.js";

/**
 * The web tests share one jsdom and one module graph per worker (`isolate: false` in
 * web/vitest.config.ts): what a page load keeps in the browser and in the app's modules
 * would reach the next file. Each file starts as a fresh page load instead: the modules'
 * page-load marks (signed out, first paint, typed into the frame, a resumed change), the
 * tab's storage and cookies, the address, the document's language, title and marks, and the
 * globals a file stubbed.
 */
export const freshPageLoad = (): void => {
  resetSignedOutForTests();
  resetDeferredWorkForTests();
  forgetTypedBeforeHydrationForTests();
  resetFreshSignInForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // The app writes its cookies at the root or at the base path (the session hint, which
  // document.cookie lists only while the address is under that path).
  const names = document.cookie.split(";").map((cookie) => cookie.split("=")[0]?.trim());
  for (const name of new Set([...names, SESSION_HINT_COOKIE])) {
    if (!name) continue;
    for (const path of ["/", BASE_PATH]) {
      // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookies, as the app writes them
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
  window.history.replaceState(null, "", "/");
  document.title = "";
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.body.replaceChildren();
};
