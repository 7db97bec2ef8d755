import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import MembershipPage from "./membership-page.js";
import ProfilePage from "./profile-page.js";
import RequestAccountDeletionPage from "./request-account-deletion-page.js";
import SecurityPage from "./security-page.js";
import SignInDevicesPage from "./sign-in-devices-page.js";
import { findQa, storedPerson, userClaims } from "./test/account-fixtures.js";

// An untranslated key would show as "Namespace.Key" text, e.g. "Profile.Title".
const RAW_KEY = /\b[A-Z][A-Za-z]+\.[A-Z][A-Za-z.]+\b/;

/** Every text node on its own: joined text would glue sentences into false matches. */
const textNodes = (root: Element): string[] => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    texts.push(node.textContent ?? "");
  return texts;
};

const pages: ReadonlyArray<[string, ComponentType, string]> = [
  ["profile", ProfilePage, "profile-form"],
  ["security", SecurityPage, "security-options"],
  ["sign-in-devices", SignInDevicesPage, "passkeys-load-failed"],
  ["membership", MembershipPage, "membership-form"],
  ["deletion", RequestAccountDeletionPage, "request-account-deletion-submit"],
];

describe.each(["en", "fr"])("account pages in %s", (language) => {
  it.each(pages)(
    "%s shows translated texts only and is axe clean",
    async (_name, Page, ready) => {
      const { container } = await renderApp(<Page />, {
        claims: userClaims,
        language,
        api: { getMe: () => answer(storedPerson), getCredentials: () => answer([]) },
      });
      await findQa(ready);
      expect(textNodes(container).filter((text) => RAW_KEY.test(text))).toEqual([]);
      await expectNoAxeViolations(container);
    },
    30_000,
  );

  it("names the profile's language and country options in that language", async () => {
    await renderApp(<ProfilePage />, {
      claims: userClaims,
      language,
      api: { getMe: () => answer(storedPerson) },
    });
    const country = (await findQa("profile-phone-country")) as HTMLSelectElement;
    const germany = Array.from(country.options).find((o) => o.value === "DE");
    expect(germany?.textContent).toBe(language === "en" ? "Germany (+49)" : "Allemagne (+49)");
  });
});
