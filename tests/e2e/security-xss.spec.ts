import { API_ROUTES, apiPath } from "@portal/contracts";
import { routePath } from "@portal/core";
import { registerConfirmedAccount } from "../src/support/accounts-api.js";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Issue 9, cross-site scripting: "script payloads in every text field and in server error
// messages shown in the failure dialog run nothing in the browser (a flag set by the payload
// stays unset)"; open redirects through /login's prk in a real browser.

/** Payloads that set window.__xss to their number if they ever run. */
const payload = (n: number): string =>
  [
    `<img src=x onerror="window.__xss=${n}">`,
    `<script>window.__xss=${n}</script>`,
    `<svg onload="window.__xss=${n}">`,
    `"><a href="javascript:window.__xss=${n}" id="xss-link-${n}">x</a>`,
  ].join("");

const flag = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

const patchAs = async (origin: string, token: string, ops: unknown[]) =>
  fetch(origin + apiPath(API_ROUTES.patchMe), {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": API_ROUTES.patchMe.contentType },
    body: JSON.stringify(ops),
  });

test("script payloads stored in the profile's text fields are shown as text and run nothing", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("xss-stored");
  await registerConfirmedAccount(portal.url, outbox, account);
  const { accessToken } = await signInOverHttp(portal.url, account.email, account.password);
  // Free-text fields take any characters; names refuse markup (spec: person_name).
  const stored = await patchAs(portal.url, accessToken, [
    { op: "add", path: "/position", value: payload(1) },
    { op: "add", path: "/department", value: payload(2) },
  ]);
  expect(stored.status).toBe(200);
  const name = await patchAs(portal.url, accessToken, [
    { op: "replace", path: "/givenName", value: payload(3) },
  ]);
  expect(name.status).toBe(400);

  await signIn(page, a11y, account);
  await expect(qa(page, "profile-page")).toBeVisible();
  await expect(qa(page, "profile-position")).toHaveValue(payload(1));
  await expect(qa(page, "profile-department")).toHaveValue(payload(2));
  await a11y.scan(page, "(profile with markup in its fields)");
  expect(await flag(page)).toBeUndefined();
  await expect(page.locator("img[src='x'], svg[onload], [id^='xss-link-']")).toHaveCount(0);
});

test("a server error message in the failure dialog is sanitised and runs nothing", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("xss-dialog");
  await registerConfirmedAccount(portal.url, outbox, account);
  // A server (or a proxy in front of it) answering with markup in its message and headers.
  await page.route(`**${apiPath(API_ROUTES.changeMailAddress)}`, (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      headers: { correlationid: '"><img src=x onerror="window.__xss=6">' },
      body: JSON.stringify([{ message: `Fehler ${payload(5)} <b>fett</b>` }]),
    }),
  );
  await signIn(page, a11y, account, { path: routePath("change-mail-address") });
  await a11y.scan(page, "(change e-mail form)");
  await qa(page, "change-mail-address-new-email").fill(`neu-${account.email}`);
  await qa(page, "change-mail-address-submit").click();
  const dialog = qa(page, "change-mail-address-error-dialog");
  await expect(dialog).toBeVisible();
  // No axe scan here: the attacker's markup (an <img> without alt) is the content under test.
  const message = qa(dialog, "failure-dialog-message");
  await expect(message).toContainText("Fehler");
  // Harmless markup stays; anything that could run is gone.
  await expect(message.locator("b")).toHaveText("fett");
  const html = await message.innerHTML();
  expect(html).not.toMatch(/<script|onerror|onload|javascript:/i);
  expect(await flag(page)).toBeUndefined();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("/login follows no web target outside the allow-list", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("redirect");
  await registerConfirmedAccount(portal.url, outbox, account);
  const foreign: string[] = [];
  await page.route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  for (const url of [
    "https://evil.example/landing",
    "//evil.example/landing",
    "javascript:window.__xss=7",
    `${portal.url}@evil.example/`,
  ]) {
    // A poisoned web-target answer: the app must still check the URL against its allow-list.
    await page.route(`**/api/user-management/web-targets/**`, (route) =>
      route.fulfill({ json: { key: "EVIL", url, sourceSystem: "EVIL" } }),
    );
    await page.goto(`${routePath("login")}?prk=evil&prt=${encodeURIComponent("//evil.example")}`);
    await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
    expect(new URL(page.url()).origin).toBe(portal.url);
    await page.unroute(`**/api/user-management/web-targets/**`);
  }
  expect(foreign).toEqual([]);
  expect(await flag(page)).toBeUndefined();
});
