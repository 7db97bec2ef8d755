import type { CDPSession, Page } from "@playwright/test";
import type { A11yWatch } from "./axe.js";

/** The two widths the passkey journeys look at. */
export const WIDE = { width: 1280, height: 900 };
export const NARROW = { width: 390, height: 844 };

/** axe on the page as it is, at 1280 and at 390 px; the page is left at 1280. */
export const scanBoth = async (page: Page, a11y: A11yWatch, label: string): Promise<void> => {
  await page.setViewportSize(WIDE);
  await a11y.scan(page, `${label} 1280`);
  await page.setViewportSize(NARROW);
  await a11y.scan(page, `${label} 390`);
  await page.setViewportSize(WIDE);
};

/** A virtual authenticator: the DevTools session that drives it and its id. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
}

/**
 * A platform authenticator of Chromium's DevTools protocol, standing in for the device: it
 * holds resident keys and verifies the user at once.
 */
export const addVirtualAuthenticator = async (page: Page): Promise<VirtualAuthenticator> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, id: authenticatorId };
};
