import { API_ROUTES, apiPath } from "@portal/contracts";
import { routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { fillRegistration } from "./support/registration.js";
import { signIn } from "./support/sign-in.js";

// Spec section 8: failure dialogs show the correlation id of the failed request; Escape or
// Enter closes them. (Password change, reset, profile save and membership are covered in their
// own journeys.)

test("registering an address that has an account: the register dialog with the correlation id", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const existing = await confirmedAccount(portal, outbox, "duplicate");
  // The wait spans filling the whole form and its axe scan, not one action: give it the
  // time a busy machine needs for that (the action timeout is 15 s).
  const answer = page.waitForResponse((r) => r.url().endsWith(apiPath(API_ROUTES.register)), {
    timeout: 60_000,
  });
  await fillRegistration(page, a11y, { ...existing, password: `${existing.password}x` });
  const response = await answer;
  expect(response.status()).toBeGreaterThanOrEqual(400);
  const dialog = qa(page, "register-error-dialog");
  await expect(dialog).toBeVisible();
  await expect(qa(dialog, "failure-dialog-correlation-id")).toContainText(
    response.headers().correlationid!,
  );
  await a11y.scan(page, "(register failure dialog)");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Never reveals whether the address has an account beyond the catalogue's wording; the
  // existing owner is told of the attempt instead (issue 3).
  await outbox.next(existing.email, {});
});

test("the second-factor state cannot be loaded: get-2fa-status-error with the correlation id", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await confirmedAccount(portal, outbox, "2fa-status-error");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  // A fault between browser and server on this one call (the server itself answers it fine).
  await page.route("**/api/user-management/persons/me/credentials", (route) =>
    route.fulfill({
      status: 503,
      headers: { "content-type": "application/json", correlationid: "e2e-2fa-status-0815" },
      body: JSON.stringify([{ errorCode: "BACKEND_ERROR" }]),
    }),
  );
  await page.goto(routePath("security"));
  const dialog = qa(page, "get-2fa-status-error");
  await expect(dialog).toBeVisible();
  await expect(qa(dialog, "failure-dialog-correlation-id")).toContainText("e2e-2fa-status-0815");
  await a11y.scan(page, "(2fa status failure dialog)");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
});
