import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/**
 * What axe's verdict on a page depends on, without what differs from one person to the
 * next: the language, the viewport width, and every element's tag, classes, inline style,
 * role, type, data-qa, the names of its ARIA attributes, whether it is shown and whether it
 * holds text. An address, a date or a correlation id changes none of it; an open dialog, an
 * error message, another width or language does.
 */
const structureOf = (): string => {
  const parts = [document.documentElement.lang, String(window.innerWidth), document.title];
  for (const el of document.querySelectorAll("body *")) {
    const aria = el
      .getAttributeNames()
      .filter((n) => n.startsWith("aria-"))
      .sort()
      .join(",");
    const text = [...el.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
    );
    parts.push(
      [
        el.tagName,
        el.getAttribute("class") ?? "",
        el.getAttribute("style") ?? "",
        el.getAttribute("role") ?? "",
        el.getAttribute("type") ?? "",
        el.getAttribute("data-qa") ?? "",
        aria,
        el.checkVisibility() ? "shown" : "hidden",
        text ? "text" : "",
      ].join("|"),
    );
  }
  return parts.join("\n");
};

/**
 * The path a screen is known by: the provider's one-time step addresses
 * (`/login-actions/<id>`) name one screen, whatever their id.
 */
const screenPath = (url: string): string =>
  new URL(url).pathname.replace(/\/login-actions\/[^/]+$/, "/login-actions/*");

/** The folder the workers of one run share their checked screens in (global-setup.ts). */
export const CHECKED_SCREENS_DIR_ENV = "E2E_CHECKED_SCREENS_DIR";

const checkedScreensDir = (): string => {
  const dir = process.env[CHECKED_SCREENS_DIR_ENV];
  if (!dir)
    throw new Error(
      `${CHECKED_SCREENS_DIR_ENV} is unset: run the journeys with tests/playwright.config.ts (its global setup makes the folder)`,
    );
  return dir;
};

/**
 * The screens axe has checked in this run, shared by the workers through a folder with one
 * empty file per screen. Journeys pass the same screens again and again (the provider's
 * sign-in, the profile, the security page after an action), in both workers; a screen of the
 * same structure at the same path gets the same verdict, so it is checked once and later
 * visits count as checked. Two workers reaching a new screen at once both check it.
 * `E2E_AXE_EVERY_SCAN=1` checks every visit.
 */
export class CheckedScreens {
  readonly #dir = checkedScreensDir();
  readonly #everyScan = process.env.E2E_AXE_EVERY_SCAN === "1";

  /**
   * The key of the screen `page` shows now, or `undefined` when this run has checked that
   * screen already. Hand the key to {@link passed} once axe found nothing on it.
   */
  async unchecked(page: Page): Promise<string | undefined> {
    const structure = await page.evaluate(structureOf);
    const key = createHash("sha256")
      .update(screenPath(page.url()))
      .update("\n")
      .update(structure)
      .digest("hex");
    return this.#everyScan || !existsSync(join(this.#dir, key)) ? key : undefined;
  }

  /** The screen of `key` passed axe: later visits, in any worker, count as checked. */
  passed(key: string): void {
    writeFileSync(join(this.#dir, key), "");
  }
}
