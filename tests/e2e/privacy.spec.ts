import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { CONSENT_TEXT_VERSIONS, type PersonExport } from "@portal/contracts";
import { routePath } from "@portal/core";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { qa } from "./support/qa.js";
import { confirmAndSignIn, fillRegistration } from "./support/registration.js";
import { submitProviderLogin } from "./support/sign-in.js";

// Privacy self-service (GDPR Art. 7(1), 15, 20) in the browser: the consent history on the
// profile proves each change (when, value, where, language, text version), and "download my
// data" saves everything held about the person as JSON after a new sign-in.

type Profile = {
  Sections: { Privacy: string };
  Consents: {
    History: {
      Show: string;
      Details: string;
      Value: Record<string, string>;
      Source: Record<string, string>;
    };
  };
};

/** The profile texts of one language, from the app's own catalogue. */
const texts = async (language: "de" | "en"): Promise<Profile> =>
  (
    JSON.parse(
      await readFile(
        new URL(`../../core/src/texts/${language}/account.json`, import.meta.url),
        "utf8",
      ),
    ) as { Profile: Profile }
  ).Profile;

/** The details line of a change as the catalogue words it. */
const details = (t: Profile, source: string, language: string, version: string) =>
  t.Consents.History.Details.replace("{{source}}", t.Consents.History.Source[source] ?? "")
    .replace("{{language}}", language)
    .replace("{{version}}", version);

/** Opens a consent's history with the keyboard (Enter on its summary); its entries. */
const openHistory = async (page: Page, kind: "marketing" | "recherche"): Promise<Locator> => {
  await qa(page, `consent-history-${kind}-toggle`).focus();
  await page.keyboard.press("Enter");
  const list = qa(page, `consent-history-${kind}-list`);
  await expect(list).toBeVisible();
  return qa(list, "consent-history-entry");
};

test("consent history after a change on the profile, and the data download after a new sign-in", async ({
  page,
  a11y,
  outbox,
}) => {
  // Registration, opt-in, two sign-ins and a download: three times the usual time.
  test.slow();
  const de = await texts("de");
  const en = await texts("en");
  const account = uniqueAccount("privacy");

  await test.step("register with the marketing consent, confirm, sign in", async () => {
    await fillRegistration(page, a11y, account, { consentMarketing: true });
    await expect(page).toHaveURL((u) => u.pathname === routePath("register-success"));
    await a11y.scan(page, "(registration sent)");
    await confirmAndSignIn(page, a11y, outbox, account);
    await expect(qa(page, "profile-form")).toBeVisible();
    await a11y.scan(page, "(profile)");
  });

  await test.step("give the research consent on the profile and save", async () => {
    await qa(page, "profile-consent-recherche").check();
    await qa(page, "profile-submit").click();
    await expect(page).toHaveURL((u) => u.pathname === routePath("patch-person-success"));
    await a11y.scan(page, "(saved)");
    await page.goto(routePath("profile"));
    await expect(qa(page, "profile-form")).toBeVisible();
  });

  await test.step("the history shows the change newest first, and the registration's", async () => {
    // Registration recorded the research consent as refused; the profile's change comes first.
    const recherche = await openHistory(page, "recherche");
    await expect(recherche).toHaveCount(2);
    await expect(recherche.first()).toContainText(de.Consents.History.Value.GIVEN ?? "");
    await expect(recherche.first()).toContainText(
      details(de, "profile", "Deutsch", CONSENT_TEXT_VERSIONS.recherche),
    );
    await expect(recherche.nth(1)).toContainText(de.Consents.History.Value.REFUSED ?? "");
    await expect(recherche.nth(1)).toContainText(
      details(de, "registration", "Deutsch", CONSENT_TEXT_VERSIONS.recherche),
    );
    // Date and time in the German form, e.g. "24.11.2026, 21:00".
    await expect(recherche.first().locator("time")).toHaveText(
      /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    );
    const marketing = await openHistory(page, "marketing");
    await expect(marketing).toHaveCount(1);
    await expect(marketing.first()).toContainText(de.Consents.History.Value.GIVEN ?? "");
    await expect(marketing.first()).toContainText(
      details(de, "registration", "Deutsch", CONSENT_TEXT_VERSIONS.marketing),
    );
    await a11y.scan(page, "(consent histories open)");
  });

  await test.step("download my data: a new sign-in first, then the file by itself", async () => {
    // The server asks for a new sign-in once the last one is older than 5 minutes. A test
    // cannot wait that long: the first export call gets that very answer, the next ones go
    // through to the server.
    let refused = false;
    await page.route("**/api/user-management/persons/me/export", async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify([{ errorCode: "REAUTHENTICATION_REQUIRED" }]),
      });
    });
    const downloaded = page.waitForEvent("download", { timeout: 60_000 });
    // With the keyboard, as everywhere on the profile.
    await qa(page, "privacy-download").focus();
    await page.keyboard.press("Enter");
    await submitProviderLogin(page, a11y, account);
    await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^portal-export-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(qa(page, "privacy-saved")).toContainText(download.suggestedFilename());
    // Back at the profile's top after the sign-in: the notice is in view and has the focus.
    await expect(qa(page, "privacy-saved")).toBeFocused();
    await expect(qa(page, "privacy-saved")).toBeInViewport();
    await a11y.scan(page, "(data saved)");

    const file = JSON.parse(await readFile(await download.path(), "utf8")) as PersonExport;
    expect(file.format).toBe("portal-person-export/1");
    expect(file.person.email).toBe(account.email);
    expect(file.consentHistory).toContainEqual(
      expect.objectContaining({
        consent: "recherche",
        value: "GIVEN",
        source: "profile",
        language: "de",
        textVersion: CONSENT_TEXT_VERSIONS.recherche,
      }),
    );
    expect(file.consentHistory).toContainEqual(
      expect.objectContaining({ consent: "marketing", value: "GIVEN", source: "registration" }),
    );
  });

  await test.step("the same in English", async () => {
    await qa(page, "language-switcher").selectOption("en_US");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(qa(page, "profile-privacy").locator("h2")).toHaveText(en.Sections.Privacy);
    await expect(qa(page, "consent-history-recherche-toggle")).toContainText(
      en.Consents.History.Show,
    );
    const recherche = await openHistory(page, "recherche");
    await expect(recherche.first()).toContainText(en.Consents.History.Value.GIVEN ?? "");
    await expect(recherche.first()).toContainText(
      details(en, "profile", "German", CONSENT_TEXT_VERSIONS.recherche),
    );
    await a11y.scan(page, "(consent history, English)");
  });
});
