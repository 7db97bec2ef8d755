import { API_ROUTES, apiPath, type CompanySuggestions } from "@portal/contracts";
import { routePath } from "@portal/core";
import type { Portal } from "../src/support/portal-server.js";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// Spec sections 2 and 4: "Company search, reset selection, save"; "A company must be chosen
// from the suggestion list"; after a successful company patch the stored company name shows.

/** A company of the test portal's seeded register, found the way the combobox finds it. */
const someCompany = async (portal: Portal) => {
  for (const term of ["GmbH", "Bau", "Handel", "Technik", "Service", "AG"]) {
    const res = await fetch(portal.url + apiPath(API_ROUTES.companySuggestions, { term }));
    if (!res.ok) continue;
    const body = (await res.json()) as CompanySuggestions;
    const first = body.companyNameSuggestions[0];
    if (first) return first;
  }
  throw new Error("the seeded register answered no suggestion");
};

test("company search: type, choose a suggestion, save, the profile shows the company", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  const company = await someCompany(portal);
  const account = await confirmedAccount(portal, outbox, "company");
  await signIn(page, a11y, account);
  // Opened directly, the success page claims nothing: it goes to the company page (issue 15).
  await page.goto(routePath("patch-person-company-success"));
  await expect(page).toHaveURL((u) => u.pathname === routePath("company"));
  await expect(qa(page, "company-form")).toBeVisible();
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-company-none")).toBeVisible();
  await a11y.scan(page, "(profile)");
  await qa(page, "main-menu-company").click();
  const form = qa(page, "company-form");
  await expect(form).toBeVisible();
  await expect(qa(page, "company-current-none")).toBeVisible();
  await a11y.scan(page, "(company)");

  // Typing alone is not a choice: the save stays disabled until a suggestion is picked.
  const search = qa(form, "company-search");
  await search.pressSequentially(company.name.slice(0, Math.min(12, company.name.length)), {
    delay: 20,
  });
  const choice = qa(form, "company-search-suggestion").filter({ hasText: company.name }).first();
  await expect(choice).toBeVisible({ timeout: 15_000 });
  await a11y.scan(page, "(company suggestions open)");
  await expect(qa(form, "company-submit")).toBeDisabled();
  await choice.click();
  await expect(qa(form, "company-submit")).toBeEnabled();

  const patch = page.waitForRequest(
    (r) => r.method() === "PATCH" && r.url().endsWith("/persons/me"),
  );
  await qa(form, "company-submit").click();
  const ops = (await patch).postDataJSON() as Array<{ op: string; path: string; value?: unknown }>;
  // unverifiedCrefonummer: "add when none" (spec section 4).
  expect(ops).toEqual([{ op: "add", path: "/unverifiedCrefonummer", value: company.crefonummer }]);
  await expect(page).toHaveURL((u) => u.pathname === routePath("patch-person-company-success"));
  await expect(qa(page, "patch-person-company-success-name")).toContainText(company.name);
  await a11y.scan(page, "(company saved)");

  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-company-name")).toHaveText(company.name);
  await a11y.scan(page, "(profile with company)");

  // Reset the selection and save: the number is removed again.
  await page.goto(routePath("company"));
  await expect(qa(page, "company-current")).toContainText(company.name);
  await a11y.scan(page, "(company chosen)");
  await qa(page, "company-reset").click();
  // Reset shows nothing as stored any more and says that saving removes the company.
  await expect(qa(page, "company-current")).toHaveCount(0);
  await expect(qa(page, "company-removal-notice")).toContainText(company.name);
  await a11y.scan(page, "(company reset, removal announced)");
  const removal = page.waitForRequest(
    (r) => r.method() === "PATCH" && r.url().endsWith("/persons/me"),
  );
  await qa(page, "company-submit").click();
  expect((await removal).postDataJSON()).toEqual([
    { op: "remove", path: "/unverifiedCrefonummer" },
  ]);
  await expect(page).toHaveURL((u) => u.pathname === routePath("patch-person-company-success"));
  await a11y.scan(page, "(company removed)");
});
