import { API_ROUTES, apiPath } from "@portal/contracts";
import { RESEND_COOLDOWN_SECONDS, routePath } from "@portal/core";
import { TEST_CLOCK_PATH } from "../../server/src/http/test-clock-routes.js";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { expectResendOnTextColumn } from "./support/layout.js";
import { DEFAULT_PORTAL_OPTIONS } from "./support/portal-pool.js";
import { qa } from "./support/qa.js";
import { signIn, submitProviderLogin } from "./support/sign-in.js";

// Spec section 4: "Account deletion: confirmation dialog, request e-mail, link valid 10 days,
// click deletes the account and all linked data irrevocably."

test("account deletion: dialog, mail, confirmation link, the account is gone", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "deletion");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  await qa(page, "profile-delete-account").click();
  await expect(qa(page, "request-account-deletion-page")).toBeVisible();
  await a11y.scan(page, "(request deletion)");
  await qa(page, "request-account-deletion-submit").click();
  const dialog = qa(page, "request-account-deletion-dialog");
  await expect(dialog).toBeVisible();
  await a11y.scan(page, "(deletion confirmation dialog)");
  await qa(dialog, "request-account-deletion-dialog-confirm").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("request-account-deletion-success"));
  await expect(qa(page, "request-account-deletion-success-text")).toContainText(account.email);
  await a11y.scan(page, "(deletion mail sent)");
  await expectResendOnTextColumn(page, "request-account-deletion-success");

  const link = await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
  // A mail gateway opens the link by itself (issue 29): opening it twice deletes nothing.
  const gateway = await fetch(link.href);
  expect(gateway.status).toBe(200);
  await page.goto(link.href);
  const ask = qa(page, "confirm-account-deletion-ask");
  await expect(ask).toBeVisible();
  // The account is named, its address masked.
  const [local = "", domain = ""] = account.email.split("@");
  await expect(qa(page, "confirm-account-deletion-account")).toContainText(
    `${local.slice(0, 2)}•••@${domain}`,
  );
  await expect(qa(page, "confirm-account-deletion-account")).not.toContainText(account.email);
  await a11y.scan(page, "(deletion link: the last click)");
  expect(await signInOverHttp(portal.url, account.email, account.password)).toBeTruthy();
  // The last click is red, as the app's danger buttons are.
  const submit = qa(page, "confirm-account-deletion-submit");
  await expect(submit).toHaveCSS("background-color", "rgb(176, 0, 32)");
  await submit.click();
  await expect(qa(page, "confirm-account-deletion-success")).toBeVisible();
  await expect(qa(page, "confirm-account-deletion-homepage")).toBeVisible();
  await a11y.scan(page, "(account deleted)");
  // A mail confirms the erasure, with no link into the account that is gone.
  const notice = await outbox.next(account.email, {
    subject: /Ihr Konto wurde gelöscht|Your account was deleted|votre compte a été supprimé/,
  });
  expect(notice.links).toEqual([]);

  // Gone: the provider no longer signs the person in.
  await expect(signInOverHttp(portal.url, account.email, account.password)).rejects.toThrow();
  // And the same address can register again from scratch.
  const again = await fetch(portal.url + apiPath(API_ROUTES.register), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      givenName: account.givenName,
      surname: account.surName,
      email: account.email,
      password: account.password,
      consentMarketing: "REFUSED",
      consentRecherche: "REFUSED",
      postRegistrationTargetKey: null,
      postRegistrationToken: null,
    }),
  });
  expect(again.status).toBe(API_ROUTES.register.status);
});

test("a double click on the confirmation at 390 px sends one request and stays on the next page (QA #7)", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's clock is the test's: the gap between the two presses is what the test says,
  // not what a busy machine makes of a real one.
  await page.clock.install();
  // Every click that reaches the page, recorded before the page's own handlers see it.
  await page.addInitScript(() => {
    (window as unknown as { __clicks: string[] }).__clicks = [];
    document.addEventListener(
      "click",
      (e) => {
        const target = e.target as Element;
        (window as unknown as { __clicks: string[] }).__clicks.push(
          target.closest("[data-qa]")?.getAttribute("data-qa") ?? target.tagName,
        );
      },
      true,
    );
  });
  const account = await confirmedAccount(portal, outbox, "deletion-double");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile, 390 px)");
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(apiPath(API_ROUTES.requestDeletion))) requests.push(r.method());
  });
  await page.goto(routePath("request-account-deletion"));
  await qa(page, "request-account-deletion-submit").click();
  const dialog = qa(page, "request-account-deletion-dialog");
  await expect(dialog).toBeVisible();
  await a11y.scan(page, "(deletion confirmation dialog, 390 px)");
  await page.evaluate(() => {
    (window as unknown as { __clicks: string[] }).__clicks = [];
  });
  // A person's double click: the second press a moment after the first, where the button
  // was. On the next page the footer's legal notice link sat there and took the person off
  // the portal. 700 ms apart, as a slow double-click setting (an accessibility choice) has
  // it: the system still counts the second as a double click (detail 2). The worst case is
  // played: the second press comes once the next page is drawn (the request outran the
  // person), so the dialog's busy button no longer covers the spot. The gap is the page
  // clock's, not what a busy machine makes of a real one.
  const box = await qa(dialog, "request-account-deletion-dialog-confirm").boundingBox();
  if (!box) throw new Error("no confirm button");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 1 });
  await page.mouse.up({ clickCount: 1 });
  await expect(page).toHaveURL((u) => u.pathname === routePath("request-account-deletion-success"));
  await expect(qa(page, "request-account-deletion-success-text")).toContainText(account.email);
  await page.clock.fastForward(700);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  // Whatever the page's timers do next, the person is still here.
  await page.clock.runFor(2_000);
  expect(new URL(page.url()).pathname).toBe(routePath("request-account-deletion-success"));
  expect(requests).toEqual(["POST"]);
  // The first click confirmed; the second, begun on the dialog's page, was dropped.
  const clicks = await page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks);
  expect(clicks.filter((c) => c !== "request-account-deletion-dialog-confirm")).toEqual([]);
  await a11y.scan(page, "(deletion mail sent, 390 px)");
});

test("an unknown deletion link fails and leads back to the profile", async ({ page, a11y }) => {
  await page.goto(`${routePath("confirm-account-deletion")}?optoutId=not-a-real-token`);
  await expect(qa(page, "confirm-account-deletion-failure")).toBeVisible();
  await expect(qa(page, "confirm-account-deletion-profile")).toBeVisible();
  await a11y.scan(page, "(deletion confirmation failed)");
});

// Issue 29: the resend on /konto/loeschen/danke answered "sign in again" and its dialog
// offered only "Close". It is a deletion request, so it leads through the new sign-in and
// finishes, as the first request and the data download do.
test.describe("on a server clock the test moves", () => {
  // The server holds the resend's wait too (issue 46): its clock moves past it, as the
  // browser's moves past the fresh sign-in's five minutes.
  test.use({ portalOptions: { ...DEFAULT_PORTAL_OPTIONS, env: { TEST_CLOCK: "true" } } });

  test("resending the deletion mail after an old sign-in signs in again, comes back and sends it", async ({
    page,
    a11y,
    portal,
    outbox,
  }) => {
    test.slow();
    const account = await confirmedAccount(portal, outbox, "deletion-resend");
    // The browser's clock is the one moved on: the app reads the token's auth_time against it.
    await page.clock.install();
    await signIn(page, a11y, account, { path: routePath("request-account-deletion") });
    await a11y.scan(page, "(request deletion)");
    await qa(page, "request-account-deletion-submit").click();
    await qa(page, "request-account-deletion-dialog-confirm").click();
    await expect(page).toHaveURL(
      (u) => u.pathname === routePath("request-account-deletion-success"),
    );
    await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
    await a11y.scan(page, "(deletion mail sent)");

    await page.clock.fastForward("06:00");
    // The server's clock only past the resend cooldown: the new sign-in's auth_time is its real time.
    const moved = await fetch(`${portal.url}${TEST_CLOCK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: (RESEND_COOLDOWN_SECONDS + 1) * 1000 }),
    });
    expect(moved.status).toBe(200);
    await qa(page, "request-account-deletion-success-resend").click();
    await expect(qa(page, "fresh-sign-in-form")).toBeVisible();
    await submitProviderLogin(page, a11y, account);
    // Back on the page, the mail goes out again by itself and the page says so.
    await expect(page).toHaveURL(
      (u) => u.pathname === routePath("request-account-deletion-success"),
    );
    await expect(qa(page, "request-account-deletion-success-resent-after-sign-in")).toContainText(
      account.email,
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await a11y.scan(page, "(deletion mail sent again after a new sign-in)");
    await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
  });
});
