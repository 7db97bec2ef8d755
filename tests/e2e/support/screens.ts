import { createHash } from "node:crypto";
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

/**
 * The screens one worker has had axe check. Journeys pass the same screens again and again
 * (the provider's sign-in, the profile, the security page after an action); a screen of the
 * same structure at the same path gets the same verdict, so it is checked once per worker
 * and a journey's later visits count as checked. `E2E_AXE_EVERY_SCAN=1` checks every visit.
 */
export class CheckedScreens {
  readonly #passed = new Set<string>();
  readonly #everyScan = process.env.E2E_AXE_EVERY_SCAN === "1";

  /**
   * The key of the screen `page` shows now, or `undefined` when this worker has checked that
   * screen already. Hand the key to {@link passed} once axe found nothing on it.
   */
  async unchecked(page: Page): Promise<string | undefined> {
    const structure = await page.evaluate(structureOf);
    const key = createHash("sha256")
      .update(screenPath(page.url()))
      .update("\n")
      .update(structure)
      .digest("hex");
    return this.#everyScan || !this.#passed.has(key) ? key : undefined;
  }

  /** The screen of `key` passed axe: later visits count as checked. */
  passed(key: string): void {
    this.#passed.add(key);
  }
}
