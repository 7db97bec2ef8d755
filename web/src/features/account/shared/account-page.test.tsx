import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answer, FakeIdentity } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ChangeMailAddressPage from "../change-mail-address-page.js";
import ChangePasswordPage from "../change-password-page.js";
import CompanyPage from "../company-page.js";
import MembershipPage from "../membership-page.js";
import PatchPersonSuccessPage from "../patch-person-success-page.js";
import ProfilePage from "../profile-page.js";
import RequestAccountDeletionPage from "../request-account-deletion-page.js";
import RequestAccountDeletionSuccessPage from "../request-account-deletion-success-page.js";
import SecurityPage from "../security-page.js";
import SignInDevicesPage from "../sign-in-devices-page.js";
import { findQa, memberClaims, storedPerson, userClaims } from "../test/account-fixtures.js";

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

describe("account pages: one template, also for security, membership and deletion", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The security sections' calls: one app factor, no passkeys, no devices, no activity. */
  const renderSecurity = (page: ReactElement, route: string, claims = memberClaims) => {
    // Keycloak's account REST (devices): none.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([])),
    );
    return renderApp(page, {
      entries: [{ pathname: route }],
      identity: new FakeIdentity(claims, null),
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer([{ type: "AUTHENTICATOR_APP", credentialId: "c1" }]),
        getPasskeys: () => answer([]),
        getSuspendedFactors: () => answer([]),
        getRecoveryCodes: () => answer({ remaining: 12, total: 12, createdAt: null }),
        getActivity: () => answer({ events: [] }),
      },
    });
  };

  /** The page's cards, by data-qa, in their order. */
  const cards = (page: HTMLElement) =>
    [...page.querySelectorAll(":scope > .account-section")].map((c) => c.getAttribute("data-qa"));

  /** The headings' levels in document order: h1, then h2 and h3, never a level skipped. */
  const levels = (page: HTMLElement) =>
    [...page.querySelectorAll("h1, h2, h3")].map((h) => Number(h.tagName[1]));

  it("security: two-factor settings, passkeys with the recovery codes, devices, activity: each a card", async () => {
    await renderSecurity(<SecurityPage />, "/sicherheit");
    await findQa("security-recovery-codes");
    const page = await findQa("security-page");
    expectTemplate("security-page", page);
    expect(page.querySelector(".account-page__intro")).toHaveTextContent(/\S/);
    expect(cards(page)).toEqual([
      "security-two-factor",
      "security-passkeys",
      "devices",
      "activity",
      "secure-account-card",
    ]);
    expect(
      page.querySelector('[data-qa="security-two-factor"] [data-qa="security-2fa-state"]'),
    ).not.toBeNull();
    expect(
      page.querySelector('[data-qa="security-passkeys"] [data-qa="security-recovery-codes"]'),
    ).not.toBeNull();
    expect(levels(page).slice(0, 2)).toEqual([1, 2]);
  });

  it("sign-in & devices: the same cards, the two-factor settings too (issue 46)", async () => {
    await renderSecurity(<SignInDevicesPage />, "/sicherheit/anmeldung", userClaims);
    await findQa("security-recovery-codes");
    const page = await findQa("sign-in-devices-page");
    expectTemplate("sign-in-devices-page", page);
    expect(cards(page)).toEqual([
      "security-two-factor",
      "security-passkeys",
      "devices",
      "activity",
      "secure-account-card",
    ]);
    expect(levels(page).slice(0, 2)).toEqual([1, 2]);
  });

  it.each([
    ["no membership yet: the form", storedPerson, "membership-form"],
    [
      "linked: the membership and its change button",
      { ...storedPerson, memberNumber: "1234567", mitgliedskennung: "4711" },
      "membership-current",
    ],
  ] as const)("membership, %s, in a card", async (_, person, content) => {
    await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: { getMe: () => answer(person) },
    });
    const page = await findQa("membership-page");
    await findQa(content);
    expectTemplate("membership-page", page);
    expect(page.querySelector(`.account-section [data-qa="${content}"]`)).not.toBeNull();
    expect(page.querySelector(".account-page__intro")).toHaveTextContent(/\S/);
  });

  it("deletion request: intro on the ground, the request in the danger card", async () => {
    await render(<RequestAccountDeletionPage />, "/konto/loeschen");
    const page = await findQa("request-account-deletion-page");
    expectTemplate("request-account-deletion-page", page);
    const card = page.querySelector(".account-section.danger-zone");
    expect(card?.querySelector('[data-qa="request-account-deletion-submit"]')).not.toBeNull();
    expect(card?.querySelector('[data-qa="request-account-deletion-cancel"]')).not.toBeNull();
  });

  it("deletion request of a member: the notice and the way back in a card", async () => {
    await renderApp(<RequestAccountDeletionPage />, {
      route: "/konto/loeschen",
      claims: memberClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    const page = await findQa("request-account-deletion-page");
    expectTemplate("request-account-deletion-page", page);
    expect(
      page.querySelector('.account-section [data-qa="request-account-deletion-member-notice"]'),
    ).not.toBeNull();
  });

  it("deletion request's success page: title on the ground, the text in a card", async () => {
    await render(<RequestAccountDeletionSuccessPage />, "/konto/loeschen/danke");
    const page = await findQa("request-account-deletion-success-page");
    expectTemplate("request-account-deletion-success-page", page);
    expect(
      page.querySelector('.account-section [data-qa="request-account-deletion-success-text"]'),
    ).not.toBeNull();
  });
});
