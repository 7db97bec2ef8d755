import { readFileSync, writeFileSync } from "node:fs";
import { routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { backOnSecurity, configureTotp, openSecurity } from "./support/second-factor.js";
import { signIn, signOut } from "./support/sign-in.js";

// Issue 34: "Don't ask again on this device for 30 days" on the second-factor step. Signed
// in with the authenticator app and the box ticked, the browser is closed and opened again
// (its saved state without the session cookies, as a real restart keeps it): the password
// is asked, the second factor not. Forgotten on the security page, the next sign-in asks
// for it again.

test("remember this device across a browser restart, then forget it on the security page", async ({
  page,
  browser,
  a11y,
  portal,
  outbox,
  extraHTTPHeaders,
}, testInfo) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "remember");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await qa(page, "security-activate-app").click();
  const authenticator = await configureTotp(page, a11y);
  await backOnSecurity(page, a11y);
  await signOut(page, a11y);

  // The second-factor step with the box ticked.
  await page.goto(routePath("profile"));
  await page.locator('#kc-form-login [name="username"]').fill(account.email);
  await page.locator('#kc-form-login [name="password"]').fill(account.password);
  await page.locator("#kc-login").click();
  await expect(qa(page, "otp-input")).toBeVisible();
  const remember = page.getByLabel("Auf diesem Gerät 30 Tage lang nicht mehr fragen");
  await expect(remember).toHaveAttribute("data-qa", "remember-device-otp");
  await a11y.scan(page, "(second factor with remember this device)");
  // Keyboard: the box is reached and ticked like any control.
  await remember.focus();
  await page.keyboard.press("Space");
  await expect(remember).toBeChecked();
  await qa(page, "otp-input").fill(await authenticator.nextCode());
  await page.locator("#kc-login").click();
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after the second factor)");

  // "Browser restart": the saved state without what ends with the browser.
  const file = testInfo.outputPath("storage-state.json");
  await page.context().storageState({ path: file });
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    cookies: Array<{ name: string; expires: number; httpOnly: boolean }>;
  };
  const kept = state.cookies.filter((c) => c.expires !== -1);
  expect(kept.filter((c) => c.name.startsWith("PORTAL_REMEMBERED_DEVICE_"))).toEqual([
    expect.objectContaining({ httpOnly: true }),
  ]);
  writeFileSync(file, JSON.stringify({ ...state, cookies: kept }));
  await page.context().close();
  const context = await browser.newContext({
    storageState: file,
    baseURL: portal.url,
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const again = await context.newPage();
  a11y.watch(again);

  // The password, and no second factor.
  await signIn(again, a11y, account);
  await expect(qa(again, "profile-page")).toBeVisible();
  await expect(again.locator('[name="otp"]')).toHaveCount(0);
  await a11y.scan(again, "(profile, second factor remembered)");

  // The security page lists the device beside the signed-in ones; the activity says why
  // no second factor was asked.
  await again.goto(routePath("security"));
  const devices = qa(again, "remembered-devices");
  await expect(qa(devices, "remembered-device")).toHaveCount(1);
  await expect(qa(again, "activity-list")).toContainText("Gemerktes Gerät, ohne zweiten Faktor");
  await a11y.scan(again, "(security: remembered devices)");
  await qa(devices, "remembered-device-forget").click();
  await expect(qa(again, "remembered-devices-forgotten")).toBeFocused();
  await expect(qa(again, "remembered-device")).toHaveCount(0);
  await a11y.scan(again, "(security: remembered device forgotten)");

  // Forgotten: the next sign-in asks for the second factor again.
  await signOut(again, a11y);
  await again.goto(routePath("profile"));
  await again.locator('#kc-form-login [name="username"]').fill(account.email);
  await again.locator('#kc-form-login [name="password"]').fill(account.password);
  await again.locator("#kc-login").click();
  await expect(qa(again, "otp-input")).toBeVisible();
  await a11y.scan(again, "(second factor asked again)");
  await context.close();
});
