import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { expect, test } from "./support/fixtures.js";
import { confirmedAccount } from "./support/journey.js";
import { addVirtualAuthenticator, NARROW, scanBoth, WIDE } from "./support/passkeys.js";
import { qa } from "./support/qa.js";
import { backOnSecurity, openSecurity } from "./support/second-factor.js";
import { signIn, signOut } from "./support/sign-in.js";

// Issue 49, items 1 to 3 in Chromium with a virtual authenticator of the DevTools protocol:
// a password sign-in creates a passkey without a dialog on the way to the app; the Signal
// API is told what is true after a sign-in, a rename of the person and a removal; a new
// passkey is named after its provider (the AAGUID).
//
// What is stubbed, and why:
// - Chromium's virtual authenticator answers `navigator.credentials.create` but the
//   browser's conditional create needs its password manager (a saved password for the
//   address, just used), which a test profile does not have: getClientCapabilities is
//   stubbed to say `conditionalCreate`, and a create with `mediation: "conditional"` is
//   passed on without the mediation to the virtual authenticator (what Chrome's manager
//   would do without asking). The page, the server's checks, the storing and the alert
//   are the real ones.
// - The three Signal API calls are replaced by spies that keep their arguments in
//   sessionStorage (the app leaves for the provider and comes back).
// - The virtual authenticator's AAGUID (01020304-0506-0708-0102-030405060708, Chromium's
//   fixed one) is in the list under its own honest name, "Chromium virtual authenticator"
//   (passkey-names.ts), so a new passkey is named after it as after any other provider.

interface SignalCall {
  readonly method: string;
  readonly options: Record<string, unknown>;
}

const spyOnSignals = (page: Page) =>
  page.addInitScript(() => {
    const PKC = window.PublicKeyCredential as unknown as Record<string, unknown> | undefined;
    if (!PKC) return;
    const log = (method: string) => async (options: unknown) => {
      const calls = JSON.parse(sessionStorage.getItem("e2e-signals") ?? "[]");
      calls.push({ method, options });
      sessionStorage.setItem("e2e-signals", JSON.stringify(calls));
    };
    for (const method of [
      "signalUnknownCredential",
      "signalAllAcceptedCredentials",
      "signalCurrentUserDetails",
    ]) {
      PKC[method] = log(method);
    }
    PKC.getClientCapabilities = async () => ({ conditionalCreate: true, conditionalGet: true });
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options?: CredentialCreationOptions) => {
      const mediated = options as (CredentialCreationOptions & { mediation?: string }) | undefined;
      if (mediated?.mediation !== "conditional") return create(options);
      sessionStorage.setItem("e2e-conditional-create", "1");
      const { mediation: _, ...rest } = mediated;
      return create(rest);
    };
  });

const signalCalls = async (page: Page): Promise<SignalCall[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-signals") ?? "[]"));

const clearSignals = (page: Page) => page.evaluate(() => sessionStorage.removeItem("e2e-signals"));

test("issue 49: passkey upgrade after a password sign-in, Signal API calls, provider's name", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  await page.setViewportSize(WIDE);
  await addVirtualAuthenticator(page);
  await spyOnSignals(page);
  const account = await confirmedAccount(portal, outbox, "upgrade");

  // 1. The password sign-in: the page between it and the app creates a passkey without a
  // dialog and goes on to the profile by itself.
  // The page passes by without a screen to check here; it is checked below, held.
  a11y.exempt(/^\/realms\/portal\/login-actions\/[^/]+$/);
  // What the page costs: from the request for it (after the password's answer) to its post.
  const times: Record<string, number> = {};
  const watch = (request: { url: () => string; method: () => string }) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path.endsWith("/login")) times.password = Date.now();
    if (
      request.method() === "GET" &&
      times.password &&
      !times.page &&
      /login-actions\/[^/]+$/.test(path)
    )
      times.page = Date.now();
    if (path.endsWith("/passkey-upgrade")) times.posted = Date.now();
  };
  page.on("request", watch);
  await signIn(page, a11y, account);
  page.off("request", watch);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e-conditional-create"))).toBe("1");
  console.log(
    `upgrade page: ${(times.posted ?? 0) - (times.page ?? 0)} ms from its request to its post`,
  );

  // The passkey is there, named after its provider, and announced like any other.
  await openSecurity(page, a11y);
  await expect(qa(page, "passkey-item")).toHaveCount(1);
  await expect(qa(page, "passkey-name")).toHaveText("Chromium virtual authenticator");
  await scanBoth(page, a11y, "(security, upgraded passkey)");
  // A passkey named after a listed provider shows that provider's icon (found by the name:
  // the passkey keeps no AAGUID), still renamable.
  await expect(qa(page, "passkey-icon")).toHaveCount(0);
  await qa(page, "passkey-rename").click();
  await qa(page, "passkey-rename-input").fill("1Password");
  await qa(page, "passkey-rename-save").click();
  await expect(qa(page, "passkey-icon")).toBeVisible();
  await expect(qa(page, "passkey-icon")).toHaveAttribute("alt", "");
  await scanBoth(page, a11y, "(security, a provider's icon)");
  await outbox.next(account.email, { subject: /Passkey hinzugefügt/ });
  await expect(qa(page, "activity")).toContainText("Passkey");

  // After the sign-in, the app told the browser which passkeys count and who the person is.
  // They run after the page (their code and request load then): waited for.
  await expect
    .poll(async () => (await signalCalls(page)).map((c) => c.method).sort())
    .toEqual(["signalAllAcceptedCredentials", "signalCurrentUserDetails"]);
  const afterSignIn = await signalCalls(page);
  const accepted = afterSignIn.find((c) => c.method === "signalAllAcceptedCredentials");
  expect(accepted?.options.rpId).toBe("localhost");
  expect(accepted?.options.allAcceptedCredentialIds).toHaveLength(1);
  const userId = accepted?.options.userId;
  expect(typeof userId).toBe("string");
  expect(afterSignIn).toContainEqual({
    method: "signalCurrentUserDetails",
    options: { rpId: "localhost", userId, name: account.email, displayName: expect.any(String) },
  });
  const credentialId = String(
    (accepted?.options.allAcceptedCredentialIds as string[] | undefined)?.[0],
  );

  // 2. A new name in the profile: signalCurrentUserDetails with it.
  await clearSignals(page);
  await page.goto(routePath("profile"));
  await expect(qa(page, "profile-page")).toBeVisible();
  await a11y.scan(page, "(profile)");
  await qa(page, "profile-given-name").fill("Renate");
  await qa(page, "profile-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("patch-person-success"));
  await a11y.scan(page, "(profile saved)");
  await expect
    .poll(() => signalCalls(page))
    .toContainEqual({
      method: "signalCurrentUserDetails",
      options: {
        rpId: "localhost",
        userId,
        name: account.email,
        displayName: `Renate ${account.surName}`,
      },
    });

  // 3. Removal: the provider removes it, and back on the page the browser is told.
  await clearSignals(page);
  await openSecurity(page, a11y);
  await qa(page, "passkey-remove").click();
  await expect(qa(page, "delete-credential-form")).toBeVisible();
  await qa(page, "delete-credential-confirm").click();
  await backOnSecurity(page, a11y);
  await expect(qa(page, "passkeys-none")).toBeVisible();
  await expect
    .poll(() => signalCalls(page))
    .toContainEqual({
      method: "signalUnknownCredential",
      options: { rpId: "localhost", credentialId },
    });
  expect(await signalCalls(page)).toContainEqual({
    method: "signalAllAcceptedCredentials",
    options: { rpId: "localhost", userId, allAcceptedCredentialIds: [] },
  });

  // The upgrade page itself, in the three languages: it passes by within its wait, so it
  // is looked at with the browser's answer held back (the create never settles) and its
  // script's own post held too; "Continue", the page's way on without the script, goes on.
  await signOut(page, a11y);
  await page.addInitScript(() => {
    navigator.credentials.create = () => new Promise(() => undefined);
    // The removed passkey is still in the virtual authenticator: no autofill offers it.
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    const submit = HTMLFormElement.prototype.submit;
    HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
      if (!this.hasAttribute("data-passkey-upgrade")) submit.call(this);
    };
  });
  for (const [locale, words] of [
    ["de_DE", "Anmeldung"],
    ["en_US", "Signing in"],
    ["fr_FR", "Connexion"],
  ] as const) {
    await page
      .context()
      .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: locale, url: portal.url }]);
    await page.goto(routePath("profile"));
    const form = page.locator("#kc-form-login");
    await expect(form).toBeVisible();
    await form.locator('[name="username"]').fill(account.email);
    await form.locator('[name="password"]').fill(account.password);
    await page.locator("#kc-login").click();
    await expect(qa(page, "passkey-upgrade-form")).toBeVisible();
    await expect(page.locator("h1")).toHaveText(words);
    await scanBoth(page, a11y, `(passkey upgrade page, ${locale})`);
    await qa(page, "passkey-upgrade-continue").click();
    await expect(page).toHaveURL((u) => u.pathname === routePath("profile"));
    await expect(qa(page, "profile-page")).toBeVisible();
    await signOut(page, a11y);
  }

  // The same sign-in in a browser that cannot create without a dialog: no page between,
  // for the figure beside the one above (one run each, a loaded machine: a rough figure).
  await page.addInitScript(() => {
    (PublicKeyCredential as unknown as Record<string, unknown>).getClientCapabilities =
      async () => ({ conditionalCreate: false });
  });
  const plain = Date.now();
  await signIn(page, a11y, account);
  console.log(`password sign-in without the upgrade page: ${Date.now() - plain} ms to the profile`);
  expect(await page.evaluate(() => document.title)).not.toContain("Anmeldung –");
});

test("issue 49: the security page's switch turns the passkey upgrade off and on again", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  test.slow();
  await page.setViewportSize(WIDE);
  await addVirtualAuthenticator(page);
  // The capability and the conditional create stubbed as above, but the capability said
  // only once the test sets the flag: the first sign-in makes no passkey.
  await page.addInitScript(() => {
    const PKC = window.PublicKeyCredential as unknown as Record<string, unknown> | undefined;
    if (!PKC) return;
    PKC.getClientCapabilities = async () => ({
      conditionalCreate: localStorage.getItem("e2e-can-create") === "1",
    });
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options?: CredentialCreationOptions) => {
      const mediated = options as (CredentialCreationOptions & { mediation?: string }) | undefined;
      if (mediated?.mediation !== "conditional") return create(options);
      sessionStorage.setItem("e2e-conditional-create", "1");
      const { mediation: _, ...rest } = mediated;
      return create(rest);
    };
  });
  // The provider's upgrade page posts to its interaction's path (not the API's setting).
  const upgradePosts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/realms/") && path.endsWith("/passkey-upgrade")) upgradePosts.push(path);
  });
  const account = await confirmedAccount(portal, outbox, "upgrade-off");
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");

  // On by default; turned off with the keyboard, confirmed, and still off after a reload.
  await openSecurity(page, a11y);
  const box = qa(page, "passkey-upgrade-switch");
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleName(
    "Nach einer Anmeldung mit Passwort anbieten, einen Passkey zu erstellen",
  );
  await box.focus();
  await page.keyboard.press("Space");
  await expect(qa(page, "passkey-upgrade-saved")).toContainText("kein Passkey mehr");
  await expect(box).not.toBeChecked();
  await scanBoth(page, a11y, "(security, passkey upgrade off)");
  await qa(page, "security-passkeys").screenshot({
    path: test.info().outputPath("passkey-upgrade-switch-de.png"),
  });
  await qa(page, "language-switcher").selectOption("fr_FR");
  await expect(qa(page, "passkey-upgrade-switch")).toHaveAccessibleName(
    "Proposer de créer une clé d'accès après une connexion par mot de passe",
  );
  await scanBoth(page, a11y, "(security, passkey upgrade off, fr)");
  await page.setViewportSize(NARROW);
  await qa(page, "security-passkeys").screenshot({
    path: test.info().outputPath("passkey-upgrade-switch-fr-390.png"),
  });
  await page.setViewportSize(WIDE);
  await qa(page, "language-switcher").selectOption("de_DE");
  await page.reload();
  await expect(qa(page, "passkey-upgrade-switch")).not.toBeChecked();

  // The next password sign-in, in a browser that can: straight to the app, no passkey.
  await signOut(page, a11y);
  await page.evaluate(() => localStorage.setItem("e2e-can-create", "1"));
  await signIn(page, a11y, account);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e-conditional-create"))).toBeNull();
  expect(upgradePosts).toEqual([]);
  await openSecurity(page, a11y);
  await expect(qa(page, "passkeys-none")).toBeVisible();

  // Turned on again, the same sign-in ends with a passkey: the switch was what held it back.
  await qa(page, "passkey-upgrade-switch").click();
  await expect(qa(page, "passkey-upgrade-saved")).toContainText("wird ein Passkey angeboten");
  await expect(qa(page, "passkey-upgrade-switch")).toBeChecked();
  await signOut(page, a11y);
  a11y.exempt(/^\/realms\/portal\/login-actions\/[^/]+$/);
  await signIn(page, a11y, account);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e-conditional-create"))).toBe("1");
  expect(upgradePosts).toHaveLength(1);
  await openSecurity(page, a11y);
  await expect(qa(page, "passkey-item")).toHaveCount(1);
});
