import { expect, type Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { REGISTER_OPTIN_PATH } from "../../src/support/accounts-api.js";
import type { Outbox } from "../../src/support/outbox.js";
import type { TestAccount } from "./accounts.js";
import type { A11yWatch } from "./axe.js";
import { enter, qa } from "./qa.js";
import { submitProviderLogin } from "./sign-in.js";

/** Membership credentials typed into the registration's member fields. */
export interface MemberFields {
  readonly memberNumber: string;
  readonly mitgliedskennung: string;
  readonly personalPassword: string;
  readonly generalPassword: string;
}

/**
 * Fills the registration form as a person would (spec section 3's fields) and submits it.
 * Without `member` the membership question is answered "no".
 */
export const fillRegistration = async (
  page: Page,
  a11y: A11yWatch,
  account: TestAccount,
  options: {
    member?: MemberFields;
    consentMarketing?: boolean;
    path?: string;
    /** Leave the terms box unticked (the form must then say why it is not sent). */
    skipTerms?: boolean;
  } = {},
): Promise<void> => {
  await page.goto(options.path ?? routePath("register"));
  const form = qa(page, "register-form");
  await expect(form).toBeVisible();
  await a11y.scan(page, "(registration form)");
  await qa(form, "register-salutation").selectOption("MS");
  await enter(qa(form, "register-given-name"), account.givenName);
  await enter(qa(form, "register-surname"), account.surName);
  await enter(qa(form, "register-email"), account.email);
  await enter(qa(form, "register-password"), account.password);
  await enter(qa(form, "register-confirmation-password"), account.password);
  const member = options.member;
  if (member) {
    await qa(form, "register-with-cto-yes").check();
    await enter(qa(form, "register-mitgliedsnummer"), member.memberNumber);
    await enter(qa(form, "register-mitgliedskennung"), member.mitgliedskennung);
    await enter(qa(form, "register-personal-password"), member.personalPassword);
    await enter(qa(form, "register-general-password"), member.generalPassword);
  } else if (await qa(form, "register-with-cto-no").isVisible()) {
    await qa(form, "register-with-cto-no").check();
  }
  if (options.consentMarketing) await qa(form, "register-consent-marketing").check();
  if (!options.skipTerms) await qa(form, "register-terms").check();
  await a11y.scan(page, "(registration form filled)");
  await qa(form, "register-submit").click();
};

/**
 * After a registration was sent: opens the confirmation link of the mail, checks the
 * confirmation page and signs in from its button (spec section 4), landing in the account.
 */
export const confirmAndSignIn = async (
  page: Page,
  a11y: A11yWatch,
  outbox: Outbox,
  account: TestAccount,
): Promise<void> => {
  const link = await outbox.nextLink(account.email, REGISTER_OPTIN_PATH);
  await page.goto(link.href);
  await expect(qa(page, "register-optin-login")).toBeVisible();
  await a11y.scan(page, "(opt-in confirmed)");
  await qa(page, "register-optin-login").click();
  await submitProviderLogin(page, a11y, account);
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
};
