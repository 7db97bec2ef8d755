import { API_ROUTES, apiPath } from "@portal/contracts";
import { routePath } from "@portal/core";
import { signInOverHttp } from "../src/support/oidc-sign-in.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

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

  const link = await outbox.nextLink(account.email, routePath("confirm-account-deletion"));
  await page.goto(link.href);
  await expect(qa(page, "confirm-account-deletion-success")).toBeVisible();
  await expect(qa(page, "confirm-account-deletion-homepage")).toBeVisible();
  await a11y.scan(page, "(account deleted)");

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

test("an unknown deletion link fails and leads back to the profile", async ({ page, a11y }) => {
  await page.goto(`${routePath("confirm-account-deletion")}?optoutId=not-a-real-token`);
  await expect(qa(page, "confirm-account-deletion-failure")).toBeVisible();
  await expect(qa(page, "confirm-account-deletion-profile")).toBeVisible();
  await a11y.scan(page, "(deletion confirmation failed)");
});
