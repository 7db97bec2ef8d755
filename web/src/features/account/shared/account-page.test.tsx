import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { answer } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ChangeMailAddressPage from "../change-mail-address-page.js";
import ChangePasswordPage from "../change-password-page.js";
import CompanyPage from "../company-page.js";
import PatchPersonSuccessPage from "../patch-person-success-page.js";
import ProfilePage from "../profile-page.js";
import { findQa, storedPerson, userClaims } from "../test/account-fixtures.js";

// One template for the account pages: the title and its intro on the page's ground, the
// content in cards (before: title outside cards on the profile, the whole page in one card
// elsewhere).

const render = (page: ReactElement, route: string) =>
  renderApp(page, {
    route,
    claims: userClaims,
    api: { getMe: () => answer(storedPerson) },
  });

/** Checks the template: h1 (and intro) outside every card, everything else in cards. */
const expectTemplate = (pageQa: string, page: HTMLElement) => {
  expect(page).toHaveAttribute("data-qa", pageQa);
  expect(page).toHaveClass("account-page", "account-page--cards");
  const heading = page.querySelector("h1");
  expect(heading?.parentElement).toBe(page);
  expect(heading?.closest(".account-section")).toBeNull();
  const rest = [...page.children].filter(
    (child) => child !== heading && !child.classList.contains("account-page__intro"),
  );
  expect(rest.length).toBeGreaterThan(0);
  for (const child of rest)
    expect(
      child.classList.contains("account-section") || child.classList.contains("account-cards"),
      `${pageQa}: <${child.tagName.toLowerCase()} class="${child.className}"> outside a card`,
    ).toBe(true);
};

describe("account pages: one template", () => {
  it.each([
    ["change-password-page", <ChangePasswordPage key="p" />, "/konto/passwort-aendern"],
    ["change-mail-address-page", <ChangeMailAddressPage key="m" />, "/konto/email-aendern"],
    ["company-page", <CompanyPage key="c" />, "/unternehmen"],
    ["profile-page", <ProfilePage key="pr" />, "/konto"],
  ] as const)(
    "%s: title and intro on the ground, the content in cards",
    async (qa, page, route) => {
      await render(page, route);
      expectTemplate(qa, await findQa(qa));
    },
  );

  it("a success page: title on the ground, its text and the way back in a card", async () => {
    await render(<PatchPersonSuccessPage />, "/konto/danke");
    const page = await findQa("patch-person-success-page");
    expectTemplate("patch-person-success-page", page);
    expect(
      page.querySelector('.account-section [data-qa="patch-person-success-back"]'),
    ).not.toBeNull();
  });

  it("the profile: personal data, the sign-in details, then short cards for the rest", async () => {
    await render(<ProfilePage />, "/konto");
    const page = await findQa("profile-page");
    const cards = [...page.querySelectorAll(":scope > .account-section")].map((c) =>
      c.getAttribute("data-qa"),
    );
    expect(cards).toEqual(["profile-personal-data", "profile-access"]);
    const short = [...page.querySelectorAll(":scope > .account-cards > .account-section")].map(
      (c) => c.getAttribute("data-qa"),
    );
    expect(short).toEqual([
      "profile-membership",
      "profile-company",
      "profile-privacy",
      "profile-danger-zone",
    ]);
    // What the export holds is there for whoever opens it, not a paragraph on the card.
    const details = page.querySelector('[data-qa="privacy-details"]');
    expect(details?.tagName).toBe("DETAILS");
    expect(details).not.toHaveAttribute("open");
    expect(details).toHaveTextContent("Einwilligungen mit ihrem Verlauf");
  });
});
