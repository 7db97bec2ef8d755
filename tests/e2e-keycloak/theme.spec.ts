import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { runAxe } from "../e2e/support/axe.js";
import { qa } from "../e2e/support/qa.js";
import { backOnSecurity, openSecurity } from "../e2e/support/second-factor.js";
import { signIn } from "../e2e/support/sign-in.js";
import { Authenticator } from "../e2e/support/totp.js";
import { expect, test } from "./fixtures.js";
import { ISSUER_ENV } from "./global-setup.js";
import { provisionedAccount } from "./provisioned-account.js";

// Issue 47 item 4, "no seam": Keycloak's sign-in, code and set-up pages in the portal's
// login theme (keycloak/themes/portal), reached as a person reaches them (through the
// portal, in the language the portal shows), in de, en and fr, at 1280 and 390 px: the
// catalogue's words, no axe violation, no sideways scrolling, the focus order of the form.
// Screenshots go to the run's output folder (test-results-keycloak), not the repository.
const LOCALES = { de: "de_DE", en: "en_US", fr: "fr_FR" } as const;
type Lng = keyof typeof LOCALES;
const LANGUAGES = Object.keys(LOCALES) as Lng[];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const issuer = () => process.env[ISSUER_ENV] ?? "";

/** The catalogue's text (`ns:key`, nestings resolved), as the theme's generator reads it. */
let text: (lng: string, ref: string) => string = () => "";
/** The support address the footer shows: the script's reading of this run's environment. */
let supportEmail = "";
test.beforeAll(async () => {
  const script = (await import(
    pathToFileURL(join(import.meta.dirname, "..", "..", "scripts", "keycloak-theme.mjs")).href
  )) as {
    catalogueText: typeof text;
    supportContact: (env: NodeJS.ProcessEnv) => { email: string };
  };
  text = script.catalogueText;
  supportEmail = script.supportContact(process.env).email;
});

/** The portal in `lng`, as its language switch leaves it: the CAS_PREFERRED_LANGUAGE cookie. */
const speak = async (page: Page, portalUrl: string, lng: Lng) => {
  await page.context().clearCookies();
  await page
    .context()
    .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: LOCALES[lng], url: portalUrl }]);
};

/** Keycloak's page in `lng`: its language attribute and the title the catalogue gives it. */
const expectPage = async (page: Page, lng: Lng, title: string) => {
  expect(page.url().startsWith(issuer())).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
  await expect(page.locator("h1")).toHaveText(text(lng, title));
};

/** At both widths: axe, no sideways scrolling, 24 px targets, a screenshot to look at. */
const look = async (page: Page, name: string, lng: Lng) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const { violations } = await runAxe(page);
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `axe on ${name} (${lng}, ${size.width} px)`,
    ).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} (${lng}) scrolls sideways at ${size.width} px`,
    ).toBe(true);
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          "a[href], button, select, input:not([type=hidden])",
        ),
      ]
        .filter((e) => e.offsetParent !== null)
        .map((e) => ({
          what: e.id || e.textContent?.trim() || e.className,
          box: e.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.height < 24 || box.width < 24)
        .map(({ what }) => what),
    );
    expect(small, `targets under 24 px on ${name} (${lng}, ${size.width} px)`).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${lng}-${size.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(WIDTHS[0]);
};

/** Keycloak's own language switch in the header, as a person picks a language there. */
const switchTo = async (page: Page, lng: Lng) => {
  await page
    .locator("#language-switcher")
    .selectOption({ label: text(lng, `provider:keycloak.language.${lng}`) });
  await expect(page.locator("html")).toHaveAttribute("lang", lng);
};

test("the sign-in page through the portal, in the portal's language", async ({ page, portal }) => {
  for (const lng of LANGUAGES) {
    await speak(page, portal.url, lng);
    await page.goto(routePath("profile"));
    await expect(page.locator("#kc-form-login")).toBeVisible();
    // keycloak-js asked for the portal's language (ui_locales) and Keycloak answered in it.
    expect(new URL(page.url()).searchParams.get("ui_locales")).toBe(lng);
    await expectPage(page, lng, "shared:Session.signInTitle");
    await expect(page.getByLabel(text(lng, "shared:Fields.email"))).toBeVisible();
    await expect(page.locator("#kc-login")).toHaveText(text(lng, "shared:Session.signIn"));
    await expect(page.locator("#kc-forgot-password")).toHaveAttribute(
      "href",
      `${portal.appUrl}passwort-vergessen`,
    );
    await look(page, "login", lng);
  }
  // The portal's own public page beside it, to compare (same frame, card and footer).
  await page.goto(routePath("password-forgotten"));
  await expect(qa(page, "password-forgotten-page")).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: test.info().outputPath(`portal-password-forgotten-fr-${size.width}.png`),
      fullPage: true,
    });
  }
});

test("a refused sign-in says so at the field, and the keyboard goes through the page in order", async ({
  page,
  portal,
}) => {
  await speak(page, portal.url, "de");
  await page.goto(routePath("profile"));
  await page.locator("#username").fill("niemand@example.org");
  await page.locator("#password").fill("Falsch-2026!");
  await page.locator("#kc-login").click();
  await expect(page.locator("#input-error-username")).toHaveText(
    text("de", "provider:page.invalidCredentials"),
  );
  // The refused field has the focus and names its message.
  await expect(page.locator("#username")).toBeFocused();
  await expect(page.locator("#username")).toHaveAttribute(
    "aria-describedby",
    "input-error-username",
  );
  await look(page, "login-refused", "de");

  // From the top of the page: skip link, header, the form in reading order, its links, footer.
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute("tabindex");
  });
  const order: string[] = [];
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press("Tab");
    order.push(
      await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (!e) return "";
        if (e.id) return `#${e.id}`;
        return e.className ? `.${e.className.split(" ")[0]}` : (e.textContent ?? "").trim();
      }),
    );
  }
  expect(order).toEqual([
    ".skip-link",
    ".site-header__brand",
    "#language-switcher",
    "#username",
    "#password",
    "#password-show-password",
    "#kc-login",
    // Keycloak's passkey button (passkeys.ftl), there for browsers without passkey autofill.
    "#authenticateWebAuthnButton",
    "#kc-forgot-password",
    "#kc-register",
    text("de", "shared:Layout.faq"),
    text("de", "shared:Layout.signUp"),
    text("de", "shared:Layout.legalNotice"),
    // The portal's support contact (scripts/keycloak-theme.mjs, SUPPORT_CONTACT_*).
    supportEmail,
  ]);
  await expect(page.locator('[data-qa="kc-support-contact"] a').first()).toHaveAttribute(
    "href",
    `mailto:${supportEmail}`,
  );
  // The portal's focus ring on what the keyboard reached.
  await page.locator("#kc-register").focus();
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toBe("solid 3px");

  // The language switch: an arrow key only changes the select (the page stays until the
  // choice is committed, WCAG 3.2.2), Enter goes to Keycloak's page in that language.
  const switcher = page.locator("#language-switcher");
  await switcher.focus();
  await page.keyboard.press("ArrowDown");
  await expect(switcher).toBeFocused();
  expect(await page.locator("html").getAttribute("lang")).toBe("de");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#kc-form-login")).toBeVisible();
});

test("the authenticator app's set-up and the code step, in de, en and fr", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await provisionedAccount(portal.url, outbox, "kc-theme");
  await speak(page, portal.url, "de");
  await signIn(page, a11y, account);
  await openSecurity(page, a11y);
  await qa(page, "security-activate-app").click();
  await expect(page.locator("#kc-totp-settings-form")).toBeVisible();
  await expectPage(page, "de", "shared:SecondFactor.setUpApp");
  for (const lng of LANGUAGES) {
    await switchTo(page, lng);
    await expectPage(page, lng, "shared:SecondFactor.setUpApp");
    await expect(page.locator("#kc-totp-secret-qr-code")).toHaveAttribute(
      "alt",
      text(lng, "provider:page.totpQrAlt"),
    );
    await look(page, "totp-setup", lng);
  }
  await page.locator("#mode-manual").click();
  const key = page.locator("#kc-totp-secret-key");
  await expect(key).toBeVisible();
  await look(page, "totp-setup-key", "fr");
  const authenticator = new Authenticator((await key.textContent()) ?? "");
  await page
    .getByLabel(text("fr", "provider:page.totpCodeLabel"))
    .fill(await authenticator.nextCode());
  await page.locator("#saveTOTPBtn").click();
  await backOnSecurity(page, a11y);
  // Recovery codes beside the app, so the code step offers "try another way".
  await qa(page, "security-recovery-codes-create").click();
  const codes = (await page.locator("#kc-recovery-codes-list li").allTextContents()).map((c) =>
    c.trim().replace(/-/g, ""),
  );
  await page.locator("#kcRecoveryCodesConfirmationCheck").check();
  await page.locator("#saveRecoveryAuthnCodesBtn").click();
  await backOnSecurity(page, a11y);

  // The next sign-in asks for a code from the app, on the code step in the portal's look.
  await speak(page, portal.url, "de");
  await page.goto(routePath("profile"));
  await page.locator("#username").fill(account.email);
  await page.locator("#password").fill(account.password);
  await page.locator("#kc-login").click();
  await expect(page.locator("#kc-otp-login-form")).toBeVisible();
  for (const lng of LANGUAGES) {
    if (lng !== "de") await switchTo(page, lng);
    await expectPage(page, lng, "provider:page.secondFactorTitle");
    await expect(page.locator("#kc-attempted-username")).toHaveText(account.email);
    await expect(page.getByLabel(text(lng, "provider:page.appCodeLabel"))).toBeFocused();
    await look(page, "otp", lng);
  }
  // "Try another way" (select-authenticator.ftl): the app and the recovery codes, each a
  // button; then the recovery-code step (keycloak.v2's page in the frame). Reached afresh in
  // each language (Keycloak's switch on the code step; on the recovery-code step it goes
  // back to the first way).
  for (const lng of LANGUAGES) {
    if (lng !== "de") {
      await page.context().clearCookies();
      await page.goto(routePath("profile"));
      await page.locator("#username").fill(account.email);
      await page.locator("#password").fill(account.password);
      await page.locator("#kc-login").click();
      await expect(page.locator("#kc-otp-login-form")).toBeVisible();
    }
    await switchTo(page, lng);
    await page.locator("#try-another-way").click();
    const ways = page.locator('[data-qa="kc-way"]');
    await expect(ways).toHaveCount(2);
    await expectPage(page, lng, "provider:otherWay.title");
    await look(page, "select-authenticator", lng);
    await ways.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#recoveryCodeInput")).toBeVisible();
    await expectPage(page, lng, "provider:keycloak.recoveryCodeTitle");
    await look(page, "recovery-code", lng);
  }
  const label = (await page.locator('label[for="recoveryCodeInput"]').textContent()) ?? "";
  const number = Number(/(\d+)/.exec(label)?.[1]);
  await page.locator("#recoveryCodeInput").fill(codes[number - 1] ?? "");
  await page.locator("#kc-login").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
});

/** Keycloak's authorization endpoint asking for `action` in `lng` (the session's cookie signs in). */
const actionUrl = (appUrl: string, action: string, lng: Lng) =>
  `${issuer()}/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: "benutzerverwaltung",
    redirect_uri: appUrl,
    response_type: "code",
    scope: "openid",
    kc_action: action,
    ui_locales: lng,
    // Any S256 challenge: the test never redeems the code.
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  })}`;

test("the action pages, sign-out and error pages in the portal's look", async ({
  browser,
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = await provisionedAccount(portal.url, outbox, "kc-theme-actions");
  await speak(page, portal.url, "de");
  await signIn(page, a11y, account);
  const actions = [
    {
      action: "webauthn-register-passwordless",
      name: "passkey",
      title: "provider:passkey.registerTitle",
    },
    {
      action: "CONFIGURE_RECOVERY_AUTHN_CODES",
      name: "recovery-codes",
      title: "provider:recovery.setupTitle",
    },
    { action: "UPDATE_PASSWORD", name: "new-password", title: "shared:Password.setNew" },
  ];
  for (const { action, name, title } of actions)
    for (const lng of LANGUAGES) {
      await page.goto(actionUrl(portal.appUrl, action, lng));
      await expectPage(page, lng, title);
      await look(page, name, lng);
    }
  // Keycloak's pages outside a sign-in speak the browser's language (a context of its own
  // in each, without Keycloak's cookies) or the one asked for (ui_locales).
  for (const lng of LANGUAGES) {
    const context = await browser.newContext({ locale: lng });
    const visitor = await context.newPage();
    // Keycloak's own sign-out question (a logout without the app's id token).
    await visitor.goto(
      `${issuer()}/protocol/openid-connect/logout?client_id=benutzerverwaltung&ui_locales=${lng}`,
    );
    await expectPage(visitor, lng, "shared:Session.signOutTitle");
    await look(visitor, "logout-confirm", lng);
    // Its answer, Keycloak's info page.
    await visitor.locator("#kc-logout").click();
    await expectPage(visitor, lng, "provider:page.loggedOut");
    await look(visitor, "logged-out", lng);
    // An address the realm does not allow: Keycloak's error page.
    await visitor.goto(
      `${issuer()}/protocol/openid-connect/auth?client_id=benutzerverwaltung&response_type=code&redirect_uri=https%3A%2F%2Fexample.org%2F`,
    );
    await expectPage(visitor, lng, "provider:page.errorTitle");
    await look(visitor, "error", lng);
    await context.close();
  }
});
