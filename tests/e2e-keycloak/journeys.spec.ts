import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { uniqueAccount } from "../e2e/support/accounts.js";
import { qa } from "../e2e/support/qa.js";
import { confirmAndSignIn, fillRegistration } from "../e2e/support/registration.js";
import { expect, test } from "./fixtures.js";
import { ISSUER_ENV } from "./global-setup.js";

// Issue 47 item 5: the web app as it ships (keycloak-js, PKCE, silent check-sso) against
// the real Keycloak that global-setup.ts started. One person's life in order; each test
// carries on where the one before stopped, so the file runs serially.
test.describe.configure({ mode: "serial" });

const account = uniqueAccount("kc");
const issuer = process.env[ISSUER_ENV] ?? "";
const profileField = (page: Page, field: string) =>
  qa(qa(page, "profile-form"), `profile-${field}`);

test("register in the portal, confirm from the outbox, sign in on Keycloak's page", async ({
  page,
  a11y,
  outbox,
}) => {
  await fillRegistration(page, a11y, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  const visited = mainFrameUrls(page);
  // confirmAndSignIn fills the login form (#kc-form-login) on the page the browser is on.
  await confirmAndSignIn(page, a11y, outbox, account);
  // That page was Keycloak's own: its authorization endpoint, on Keycloak's origin.
  expect(visited.some((url) => url.startsWith(`${issuer}/protocol/openid-connect/auth`))).toBe(
    true,
  );
  await expect(qa(page, "profile-page")).toBeVisible();
  await expect(profileField(page, "given-name")).toHaveValue(account.givenName);
  await expect(profileField(page, "sur-name")).toHaveValue(account.surName);
  await expect(qa(page, "profile-email")).toHaveText(account.email);
});

/** Every URL the page's main frame goes to from now on. */
const mainFrameUrls = (page: Page): string[] => {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
};
