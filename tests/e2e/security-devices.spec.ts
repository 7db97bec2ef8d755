import { routePath } from "@portal/core";
import { uniquePassword } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { askShortPageReady } from "./support/page-ready.js";
import { enter, qa } from "./support/qa.js";
import { signIn, submitProviderLogin } from "./support/sign-in.js";

// Issue 18: signed-in devices (Keycloak's account REST paths) and recent activity on the
// security page, and the alert mails: a second browser (another browser and system) is a
// new device; signing it out from the first ends its session and its refresh token.

const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SCREEN_390 = { width: 390, height: 844 };
const SCREEN_1280 = { width: 1280, height: 900 };

test("sign out another device from the devices list; activity and alert mails", async ({
  page,
  browser,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const account = await confirmedAccount(portal, outbox, "devices");
  const newPassword = uniquePassword();

  // First browser: sign in (the first device is not "new"), change the password.
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  await qa(page, "profile-change-password").click();
  const form = qa(page, "change-password-form");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(change password)");
  await enter(qa(form, "change-password-old"), account.password);
  await enter(qa(form, "change-password-new"), newPassword);
  await enter(qa(form, "change-password-confirmation"), newPassword);
  await qa(form, "change-password-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-password-success"));
  await a11y.scan(page, "(password changed)");
  const changed = await outbox.next(account.email, { subject: /Ihr Passwort wurde geändert/ });
  expect(changed.links.some((l) => l.endsWith("/benutzerverwaltung/passwort-vergessen"))).toBe(
    true,
  );

  // Second browser, another browser and system: a new device. Its refresh token is kept.
  const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  await askShortPageReady(other);
  const second = await other.newPage();
  let refresh: { token: string; clientId: string; url: string } | undefined;
  second.on("requestfinished", async (request) => {
    if (!request.url().endsWith("/protocol/openid-connect/token")) return;
    const body = (await (await request.response())?.json().catch(() => undefined)) as
      | { refresh_token?: string }
      | undefined;
    const clientId = new URLSearchParams(request.postData() ?? "").get("client_id");
    if (body?.refresh_token && clientId) {
      refresh = { token: body.refresh_token, clientId, url: request.url() };
    }
  });
  await second.goto(routePath("profile"));
  await submitProviderLogin(second, a11y, { email: account.email, password: newPassword });
  await expect(qa(second, "profile-page")).toBeVisible();
  await expect.poll(() => refresh?.token).toBeTruthy();
  const alert = await outbox.next(account.email, { subject: /Anmeldung von einem neuen Gerät/ });
  expect(alert.text).toContain("Firefox unter Windows");

  // The first browser's security page: both sessions, this one marked; the activity.
  await page.goto(routePath("security"));
  const devices = qa(page, "devices");
  await expect(qa(devices, "device-current")).toBeVisible();
  const otherDevice = qa(devices, "device-other");
  // Named as the alert and the activity name it (issue 46); versions only where two rows
  // would read alike (issue 29).
  await expect(otherDevice.locator("h3")).toHaveText("Firefox unter Windows");
  const activity = qa(page, "activity-list");
  await expect(qa(activity, "activity-new-device")).toContainText("Firefox unter Windows");
  await expect(qa(activity, "activity-password-changed")).toBeVisible();
  await expect(qa(activity, "activity-sign-in")).toHaveCount(2);
  await a11y.scan(page, "(security: devices and activity, 1280 px)");
  await page.setViewportSize(SCREEN_390);
  await a11y.scan(page, "(security: devices and activity, 390 px)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SCREEN_390.width,
  );
  await page.setViewportSize(SCREEN_1280);

  // Sign the other one out, after confirming, with the keyboard (QA #8): the button that
  // opened the dialog goes with the device, and focus goes to what happened, not <body>.
  await qa(otherDevice, "device-sign-out").focus();
  await page.keyboard.press("Enter");
  const dialog = qa(page, "devices-dialog");
  await expect(dialog).toBeVisible();
  await a11y.scan(page, "(security: sign out a device)");
  await page.keyboard.press("Shift+Tab");
  await expect(qa(dialog, "devices-dialog-confirm")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(qa(page, "devices-signed-out")).toHaveText("Das Gerät wurde abgemeldet.");
  await expect(qa(devices, "device-other")).toHaveCount(0);
  await expect(qa(page, "devices-signed-out")).toBeFocused();
  await expect(qa(devices, "device-current")).toBeVisible();
  await a11y.scan(page, "(security: device signed out)");

  // The signed-out browser: its refresh token is refused, and it must sign in again.
  const refused = await second.request.post(refresh!.url, {
    form: {
      grant_type: "refresh_token",
      refresh_token: refresh!.token,
      client_id: refresh!.clientId,
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error?: string }).error).toBe("invalid_grant");
  await second.goto(routePath("profile"));
  await expect(second.locator("#kc-form-login")).toBeVisible({ timeout: 30_000 });

  // Signed in there again, then "sign out all other devices" (QA2 #2): the message that
  // takes the focus says all the others went, not "the device".
  await submitProviderLogin(second, a11y, { email: account.email, password: newPassword });
  await expect(qa(second, "profile-page")).toBeVisible();
  await page.reload();
  await expect(qa(devices, "device-other")).toHaveCount(1);
  await expect(qa(page, "devices-signed-out")).toHaveCount(0);
  await qa(devices, "devices-sign-out-others").focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(qa(dialog, "devices-dialog-confirm")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(qa(page, "devices-signed-out")).toHaveText("Alle anderen Geräte wurden abgemeldet.");
  await expect(qa(page, "devices-signed-out")).toBeFocused();
  await expect(qa(devices, "device-other")).toHaveCount(0);
  await a11y.scan(page, "(security: all other devices signed out)");
  await other.close();
});

// Issue 29: passkeys, devices and activity are for everyone, the Security menu item (two-
// factor settings) only for some members. A plain user reaches them in one click from the
// menu at both widths, and every alert's link opens that page.
test("a plain user reaches Sign-in & devices in one click from the menu, at 1280 and 390 px", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "plain-devices");
  await signIn(page, a11y, account);
  const signInDevices = routePath("sign-in-devices");

  await qa(page, "main-menu-sign-in-devices").click();
  await expect(page).toHaveURL((u) => u.pathname === signInDevices);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmeldung & Geräte");
  await expect(qa(page, "passkeys-none")).toBeVisible();
  await expect(qa(qa(page, "devices"), "device-current")).toBeVisible();
  await expect(qa(qa(page, "activity-list"), "activity-sign-in")).toHaveCount(1);
  await expect(qa(page, "main-menu-sign-in-devices")).toHaveAttribute("aria-current", "page");
  // Issue 46: every person sees their second factor's state and settings here too.
  await expect(qa(page, "security-2fa-state")).toHaveText("Aus");
  await expect(qa(page, "security-options")).toBeVisible();
  await a11y.scan(page, "(sign-in & devices, 1280 px)");

  await page.setViewportSize(SCREEN_390);
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile, 390 px)");
  await qa(page, "mobile-menu-toggle").click();
  await qa(page, "mobile-menu-sign-in-devices").click();
  await expect(page).toHaveURL((u) => u.pathname === signInDevices);
  await expect(qa(page, "passkey-add")).toBeVisible();
  await expect(qa(qa(page, "devices"), "device-current")).toBeVisible();
  await expect(qa(page, "activity-list")).toBeVisible();
  await a11y.scan(page, "(sign-in & devices, 390 px)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    SCREEN_390.width,
  );

  // A security alert's link (here: a new password) leads to this page.
  await page.setViewportSize(SCREEN_1280);
  await page.goto(routePath("change-password"));
  const form = qa(page, "change-password-form");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(change password)");
  const newPassword = uniquePassword();
  await enter(qa(form, "change-password-old"), account.password);
  await enter(qa(form, "change-password-new"), newPassword);
  await enter(qa(form, "change-password-confirmation"), newPassword);
  await qa(form, "change-password-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("change-password-success"));
  await a11y.scan(page, "(password changed)");
  const alert = await outbox.next(account.email, { subject: /Ihr Passwort wurde geändert/ });
  const link = alert.links.find((l) => new URL(l).pathname === signInDevices);
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(qa(qa(page, "devices"), "device-current")).toBeVisible();
});
