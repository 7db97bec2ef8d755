import { routePath } from "@portal/core";
import { REGISTER_OPTIN_PATH } from "../src/support/accounts-api.js";
import { issueMembership } from "../src/support/support-api.js";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { expectResendOnTextColumn } from "./support/layout.js";
import { qa } from "./support/qa.js";
import { confirmAndSignIn, fillRegistration } from "./support/registration.js";
import { submitProviderLogin } from "./support/sign-in.js";

// Spec sections 2 and 4: "Registration: submit, awaiting e-mail confirmation (resend possible),
// opt-in link confirms", then "Success: welcome and login button".

test("register without membership credentials, confirm from the mail, sign in", async ({
  page,
  a11y,
  outbox,
}) => {
  const account = uniqueAccount("register");
  await fillRegistration(page, a11y, account);

  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  await a11y.scan(page, "(registration sent)");
  await expectResendOnTextColumn(page, "register-success");

  await confirmAndSignIn(page, a11y, outbox, account);
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile after first sign-in)");
  // A plain user: no member functions, so the account can be deleted and company data shows.
  await expect(qa(page, "main-menu-company")).toBeVisible();
  await expect(qa(page, "main-menu-security")).toHaveCount(0);
});

test("registration from a product: reasons on submit, then the mail, sign-in and the product's page with prt", async ({
  page,
  a11y,
  outbox,
}) => {
  // The BONITAET web target lives on the association's homepage; the browser is answered
  // here, so only where it is sent is checked.
  await page.route("https://www.example.org/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="de"><title>Bonität</title><main><h1>Bonität</h1></main></html>',
    }),
  );
  const account = uniqueAccount("register-prk");
  await fillRegistration(page, a11y, account, {
    path: `${routePath("register")}?prk=BONITAET&prt=prt-e2e-1`,
    skipTerms: true,
  });
  // Issue 15: only the terms unticked: submit says so and moves the focus there.
  await expect(qa(page, "register-terms-error")).toBeVisible();
  await expect(qa(page, "register-terms")).toBeFocused();
  await a11y.scan(page, "(registration with its reason)");
  await qa(page, "register-terms").check();
  await qa(page, "register-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  await a11y.scan(page, "(registration sent)");

  const link = await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
  expect(new URL(link.href).searchParams.get("prk")).toBe("BONITAET");
  await page.goto(link.href);
  await expect(qa(page, "register-optin-web-target")).toHaveAttribute(
    "href",
    "https://www.example.org/bonitaetsauskunft?prt=prt-e2e-1",
  );
  await a11y.scan(page, "(opt-in confirmed)");
  await qa(page, "register-optin-login").click();
  await submitProviderLogin(page, a11y, account);
  await expect(page).toHaveURL(
    "https://www.example.org/bonitaetsauskunft?prt=prt-e2e-1&newUser=true",
  );
  a11y.exempt(/^\/bonitaetsauskunft$/);
});

test("register with membership credentials, confirm, sign in as a member", async ({
  page,
  a11y,
  outbox,
  portal,
}) => {
  const issued = await issueMembership(portal, "1234567");
  const account = uniqueAccount("register-member");
  await fillRegistration(page, a11y, account, {
    member: {
      memberNumber: issued.memberNumber,
      mitgliedskennung: issued.mitgliedskennung,
      personalPassword: issued.personalPassword,
      generalPassword: issued.generalPassword,
    },
  });
  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  await a11y.scan(page, "(registration sent)");

  await confirmAndSignIn(page, a11y, outbox, account);
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(member profile)");
  // Spec section 6: a member user's token has cr_mapping: no delete button, no company menu.
  await expect(qa(page, "main-menu-membership")).toBeVisible();
  await expect(qa(page, "main-menu-company")).toHaveCount(0);
});

test("wrong membership credentials offer correcting them or registration without the membership ID", async ({
  page,
  a11y,
  outbox,
  portal,
}) => {
  const issued = await issueMembership(portal, "2345678");
  const account = uniqueAccount("register-member-wrong");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/persons/register")) posts.push(r.url());
  });
  await fillRegistration(page, a11y, account, {
    member: {
      memberNumber: issued.memberNumber,
      mitgliedskennung: issued.mitgliedskennung,
      personalPassword: `${issued.personalPassword}x`,
      generalPassword: issued.generalPassword,
    },
  });
  // CTO_ZUGANGSDATEN_INVALID is one of the seven member-credential codes (spec section 8).
  // QA #6: the notice takes the focus the submit had.
  const offer = qa(page, "register-member-failure");
  await expect(offer).toBeVisible();
  await expect(offer).toBeFocused();
  await a11y.scan(page, "(member-credential failure offer)");
  // Correcting sends nothing: the first membership field takes the focus.
  await qa(offer, "register-member-retry").click();
  await expect(qa(page, "register-mitgliedsnummer")).toBeFocused();
  expect(posts).toHaveLength(1);
  // Sent again unchanged (Enter in the field): a new answer, the notice focused again.
  await page.keyboard.press("Enter");
  await expect.poll(() => posts.length).toBe(2);
  await expect(offer).toBeFocused();
  await qa(offer, "register-without-membership").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
  await a11y.scan(page, "(registration sent without membership)");
  await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
});
