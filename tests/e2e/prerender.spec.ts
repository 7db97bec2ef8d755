import type { Page } from "@playwright/test";
import { routePath } from "@portal/core";
import { registerConfirmedAccount } from "../src/support/accounts-api.js";
import { uniqueAccount } from "./support/accounts.js";
import { expect, test } from "./support/fixtures.js";
import { qa } from "./support/qa.js";
import { signIn } from "./support/sign-in.js";

// The public routes' first HTML carries the page (prerendered at build time in the
// language of the CAS_PREFERRED_LANGUAGE cookie); the app hydrates it: no console error,
// no hydration warning, no layout shift, the frame's nodes kept, the form live afterwards.

declare global {
  interface Window {
    /** Sum of the layout shifts not caused by input (CLS's raw material). */
    __shift: number;
    /** What moved in those shifts (tag.class of each source), for a failure's message. */
    __shiftSources: string[];
    /** Children of #root the page removed (a fresh render instead of hydration removes them). */
    __rootRemovals: number;
  }
}

/** Records layout shifts and removals under #root from before the HTML is parsed. */
const watchPage = async (page: Page): Promise<string[]> => {
  await page.addInitScript(() => {
    window.__shift = 0;
    window.__shiftSources = [];
    window.__rootRemovals = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        window.__shift += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | null | undefined;
          window.__shiftSources.push(
            node ? `${node.nodeName.toLowerCase()}.${String(node.className)}` : "(gone)",
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((records) => {
      for (const r of records)
        if ((r.target as Element).id === "root") window.__rootRemovals += r.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
  const messages: string[] = [];
  page.on("console", (m) => {
    // The embedded provider is on the page's origin: its sign-in check is a fetch, and no
    // iframe (with Chromium's note on keycloak-js's sandbox flags) may appear.
    if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
};

const CASES = [
  { locale: "de_DE", lang: "de", title: "Registrieren – Benutzerverwaltung", label: "Vorname" },
  { locale: "fr_FR", lang: "fr", title: "Inscription – Gestion des utilisateurs", label: "Prénom" },
  { locale: "en_US", lang: "en", title: "Register – User management", label: "First name" },
] as const;

for (const c of CASES) {
  test(`/registrieren in ${c.lang}: the HTML carries the page, the app hydrates it without a change`, async ({
    page,
    a11y,
    baseURL,
  }) => {
    await page
      .context()
      .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: c.locale, url: baseURL ?? "" }]);
    // The server's HTML: language, title and the form's labels, before any script.
    const html = await (await page.request.get(routePath("register"))).text();
    expect(html).toContain(`<html lang="${c.lang}">`);
    expect(html).toContain(`<title>${c.title}</title>`);
    expect(html).toContain(`data-frame="${c.lang}"`);
    expect(html).toContain(`${c.label}<span aria-hidden="true"> *</span></label>`);

    const messages = await watchPage(page);
    await page.goto(routePath("register"));
    await expect(page).toHaveTitle(c.title);
    await a11y.scan(page, `(registration, ${c.lang})`);
    // Hydrated and settled: nothing has moved. Read before typing: the strength meter a
    // password brings is the input's own change, which a machine under load may draw more
    // than 500 ms after the key (then Chromium no longer counts it as caused by input).
    const settled = await page.evaluate(() => ({
      shift: window.__shift,
      sources: window.__shiftSources,
    }));
    expect(settled.shift, `shifted: ${settled.sources.join(", ")}`).toBe(0);
    const form = qa(page, "register-form");
    // Live: the password toggle answers, typed values stay, the password's hints follow it.
    const toggle = qa(form, "register-password-toggle");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await qa(form, "register-given-name").fill("Erika");
    await expect(qa(form, "register-given-name")).toHaveValue("Erika");
    const lowercase = qa(form, "register-password-hint-lowercase");
    await expect(lowercase).toHaveAttribute("data-met", "false");
    await qa(form, "register-password").fill("abc");
    await expect(lowercase).toHaveAttribute("data-met", "true");
    const removals = await page.evaluate(() => window.__rootRemovals);
    expect(removals, "the frame's nodes are kept (hydrated, not rendered anew)").toBe(0);
    expect(messages).toEqual([]);
  });
}

test("without JavaScript the frames show the page: registration and password forgotten", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    ...(baseURL ? { baseURL } : {}),
  });
  try {
    const page = await context.newPage();
    await page.goto(routePath("register"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrieren");
    await expect(page.getByLabel("E-Mail-Adresse")).toBeVisible();
    await page.goto(routePath("password-forgotten"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passwort vergessen");
    await expect(qa(page, "password-forgotten-submit")).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * Opens the registration frame with the page's scripts held back (the frame is all there
 * is), types a name and a company and picks the member answer. `release` lets the scripts
 * load.
 */
const typeIntoTheFrame = async (page: Page) => {
  let release: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  const messages = await watchPage(page);
  await page.goto(routePath("register"), { waitUntil: "commit" });
  const form = qa(page, "register-form");
  await qa(form, "register-given-name").pressSequentially("Erika", { delay: 10 });
  await qa(form, "register-company").pressSequentially("Qqxzzqy", { delay: 10 });
  await qa(form, "register-with-cto-yes").check();
  return { form, messages, release };
};

test("what a visitor types before the app has taken the frame over stays and counts", async ({
  page,
  a11y,
}) => {
  const { form, messages, release } = await typeIntoTheFrame(page);
  // Enter before the app is live sends nothing the browser's way (a GET would put every
  // field, the password too, in the address).
  const navigations: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame())
      navigations.push(`${r.method()} ${r.url()}`);
  });
  await qa(form, "register-password").fill("Geheim-2024!");
  await qa(form, "register-password").press("Enter");
  release();

  // The typed name was searched for, the chosen answer shows its fields, nothing was lost.
  await expect(qa(form, "register-company-status")).toHaveText(
    "Kein Unternehmen gefunden. Sie können das Feld auch leer lassen.",
    { timeout: 15_000 },
  );
  await expect(qa(form, "register-mitgliedsnummer")).toBeVisible();
  await expect(qa(form, "register-given-name")).toHaveValue("Erika");
  await expect(qa(form, "register-company")).toHaveValue("Qqxzzqy");
  await a11y.scan(page, "(registration, typed before hydration)");
  expect(navigations).toEqual([]);
  expect(new URL(page.url()).search).toBe("");
  expect(messages).toEqual([]);
});

test("what a visitor types stays when they also pick another language before the app is live", async ({
  page,
  a11y,
}) => {
  const { form, messages, release } = await typeIntoTheFrame(page);
  // The language last: the page turns French once the app runs, and the parts it had not
  // taken over by then are drawn afresh, in French, with what was typed into them.
  await page.getByRole("combobox", { name: "Sprache" }).selectOption("fr_FR");
  release();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("S'inscrire");
  await expect(qa(form, "register-company-status")).toContainText("Aucune entreprise trouvée.", {
    timeout: 15_000,
  });
  await expect(qa(form, "register-mitgliedsnummer")).toBeVisible();
  await expect(qa(form, "register-given-name")).toHaveValue("Erika");
  await expect(qa(form, "register-company")).toHaveValue("Qqxzzqy");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await a11y.scan(page, "(registration, typed and French picked before hydration)");
  expect(messages).toEqual([]);
});

test("/passwort-vergessen hydrates without a change and sends the form", async ({ page, a11y }) => {
  const messages = await watchPage(page);
  await page.goto(routePath("password-forgotten"));
  await a11y.scan(page, "(password forgotten)");
  await qa(page, "password-forgotten-email").fill("nobody@example.org");
  await qa(page, "password-forgotten-submit").click();
  await expect(page).toHaveURL((u) => u.pathname === routePath("password-forgotten-success"));
  await a11y.scan(page, "(reset link sent)");
  const removals = await page.evaluate(() => window.__rootRemovals);
  // The page after the navigation replaces the frame's page inside the shell, not #root's child.
  expect(removals).toBe(0);
  expect(messages).toEqual([]);
});

test("a browser signed in at its last check gets /registrieren without the visitor's frame: the account layout at once, no shift", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const account = uniqueAccount("prerender-signed-in");
  await registerConfirmedAccount(portal.url, outbox, account);
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  // The sign-in check left its hint for the server.
  const hint = (await page.context().cookies()).find((c) => c.name === "portal_signed_in");
  expect(hint?.value).toBe("1");
  const html = await (await page.request.get(routePath("register"))).text();
  expect(html).not.toContain("data-frame=");

  const messages = await watchPage(page);
  await page.goto(routePath("register"));
  await expect(qa(page, "main-menu")).toBeVisible();
  await a11y.scan(page, "(registration, signed in)");
  // The app's own path (no frame): no frame is thrown away. What it shifts while the person
  // loads (0.001 measured here) is that path's, not a frame's; it stays far below any
  // noticeable shift.
  expect(await page.evaluate(() => window.__rootRemovals)).toBe(0);
  expect(await page.evaluate(() => window.__shift)).toBeLessThan(0.01);
  expect(messages).toEqual([]);
});

test("the sign-in check of a same-origin provider is one fetch chain, no iframe: a visitor stays a visitor, a session elsewhere is found", async ({
  page,
  a11y,
  portal,
  outbox,
}) => {
  const messages = await watchPage(page);
  let frames = 0;
  page.on("frameattached", () => frames++);
  const identityCalls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.includes("/protocol/openid-connect/"))
      identityCalls.push(`${r.method()} ${path.replace(/.*\/openid-connect\//, "")}`);
  });
  const answered = () => expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");

  // A visitor: the provider answers login_required; the frame stays the visitor's.
  await page.goto(routePath("register"));
  await answered();
  expect(identityCalls).toEqual(["GET auth"]);
  await expect(qa(page, "main-menu")).toHaveCount(0);

  // Signed in at the provider, but this browser's hint says "visitor" (cleared, as after
  // a sign-in through another application): the server sends the visitor's frame, and the
  // check finds the session, redeems its code and shows the account header.
  const account = uniqueAccount("prerender-silent-fetch");
  await registerConfirmedAccount(portal.url, outbox, account);
  await signIn(page, a11y, account);
  await a11y.scan(page, "(profile)");
  await page.context().clearCookies({ name: "portal_signed_in" });
  await page.evaluate(() => window.localStorage.clear());
  const html = await (await page.request.get(routePath("register"))).text();
  expect(html).toContain('data-frame="de"');
  identityCalls.length = 0;
  frames = 0;
  await page.goto(routePath("register"));
  await expect(qa(page, "main-menu")).toBeVisible();
  await answered();
  // The authorization request, the code redeemed, keycloak-js's refresh at init.
  expect(identityCalls).toEqual(["GET auth", "POST token", "POST token"]);
  expect(frames).toBe(0);
  // The code never reached the page's address.
  expect(page.url()).toBe(`${portal.url}${routePath("register")}`);
  await a11y.scan(page, "(registration, session found by the check)");
  // The answer is the hint for the next load again.
  const hint = (await page.context().cookies()).find((c) => c.name === "portal_signed_in");
  expect(hint?.value).toBe("1");
  expect(messages).toEqual([]);
});

// The public pages a visitor opens from a mail or a link, as the QA report of 2026-11-26 (#3)
// opened them in de-AT and fr-LU, whose frames once were German's and French's with another
// choice in the switch (their short tag on a phone still said DE / FR: React #418, the page
// drawn afresh).
const PUBLIC_PAGES = [
  "register",
  "register-members",
  "password-forgotten",
  "password-forgotten-success",
  "register-success",
  "password-reset",
  "register-optin?optinId=123",
  "change-mail-address-optin?optinId=123",
  "confirm-account-deletion?optoutId=%23%23123%23%23",
] as const;

for (const [locale, lang] of [
  ["de_AT", "de-AT"],
  ["fr_LU", "fr-LU"],
] as const) {
  test(`the public pages in ${lang} hydrate a frame of their own: no console error, nothing drawn afresh`, async ({
    page,
    a11y,
    baseURL,
  }) => {
    await page
      .context()
      .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: locale, url: baseURL ?? "" }]);
    const messages = await watchPage(page);
    for (const entry of PUBLIC_PAGES) {
      const [name, query] = entry.split("?") as [Parameters<typeof routePath>[0], string?];
      const path = `${routePath(name)}${query ? `?${query}` : ""}`;
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(`<html lang="${lang}">`);
      expect(html, path).toContain(`data-frame="${lang}"`);
      await page.goto(path);
      await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");
      await a11y.scan(page, `(${name}, ${lang})`);
      expect(await page.evaluate(() => window.__rootRemovals), path).toBe(0);
      expect(messages, path).toEqual([]);
    }
  });
}

for (const locale of ["de_AT", "fr_LU", "de_DE"] as const) {
  test(`a field typed into before the app is live keeps the focus and every key after it (${locale})`, async ({
    page,
    a11y,
    baseURL,
  }) => {
    await page
      .context()
      .addCookies([{ name: "CAS_PREFERRED_LANGUAGE", value: locale, url: baseURL ?? "" }]);
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    const messages = await watchPage(page);
    await page.goto(routePath("register"), { waitUntil: "commit" });
    const email = qa(page, "register-email");
    await email.click();
    await page.keyboard.type("erika", { delay: 10 });
    release();
    await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true", {
      timeout: 20_000,
    });
    // The app has taken the frame over: the next keys go to the same field.
    await page.keyboard.type("@example.org", { delay: 10 });
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("erika@example.org");
    await a11y.scan(page, `(registration typed into before hydration, ${locale})`);
    expect(await page.evaluate(() => window.__rootRemovals)).toBe(0);
    expect(messages).toEqual([]);
  });
}

test("a registration link with a membership ID or without the company search gets the app's own render: no console error", async ({
  page,
  a11y,
}) => {
  const messages = await watchPage(page);
  const form = qa(page, "register-form");
  for (const query of ["mitgliedskennung=9879342777", "memberUserId=4711", "showSmartSignup=0"]) {
    const path = `${routePath("register")}?${query}`;
    // The frame shows the form without membership fields and with the company search.
    expect(await (await page.request.get(path)).text(), path).not.toContain("data-frame=");
    await page.goto(path);
    await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");
    await a11y.scan(page, `(registration, ?${query})`);
    if (query.startsWith("showSmartSignup")) {
      await expect(qa(form, "register-company")).toHaveCount(0);
    } else {
      await expect(qa(form, "register-mitgliedskennung")).toHaveValue(query.split("=")[1] ?? "");
    }
    expect(messages, path).toEqual([]);
  }
  // A product's registration key and token keep the frame, and its links carry the key.
  const product = `${routePath("register")}?prk=MC&prt=abc`;
  expect(await (await page.request.get(product)).text()).toContain('data-frame="de"');
  await page.goto(product);
  await expect(page.locator("body")).toHaveAttribute("data-page-ready", "true");
  await a11y.scan(page, "(registration from a product)");
  await expect(qa(page, "register-existing-account")).toHaveAttribute(
    "href",
    `${routePath("login")}?prk=MC`,
  );
  expect(messages).toEqual([]);
});
