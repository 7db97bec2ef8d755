import { LANGUAGE_KEY_PAUSE_MS } from "@portal/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import {
  answer,
  fakeWebTargets,
  memoryConsent,
  testConfig,
  testPerson,
} from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import { Shell } from "./shell.js";

const mounted = vi.fn();
/** A page that records each mount. */
function CountedPage() {
  useEffect(() => mounted(), []);
  return <h1>Inhalt</h1>;
}

const page = (
  <Shell>
    <h1>Inhalt</h1>
  </Shell>
);

/** The main menu as a signed-in person without a member number sees it on `route`. */
const nonMemberMenuAt = async (route: string): Promise<HTMLElement> => {
  await renderApp(page, {
    route,
    claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] },
    api: { getMe: () => answer(testPerson) },
  });
  return screen.findByRole("navigation", { name: "Hauptmenü" });
};

describe("shell: header, menus, other navigation, footer (spec section 2)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("for a visitor: logo to the web target of the key, no menu, FAQ, sign up, legal notice, cookie settings", async () => {
    const { container } = await renderApp(page, {
      route: "/registrieren?prk=shop",
      webTargets: fakeWebTargets({ SHOP: "https://shop.example/" }),
    });
    await waitFor(() =>
      expect(screen.getByRole("link", { name: /Startseite/ })).toHaveAttribute(
        "href",
        "https://shop.example/",
      ),
    );
    expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull();
    const other = screen.getByRole("navigation", { name: "Weitere Links" });
    expect(within(other).getByRole("link", { name: "FAQ" })).toHaveAttribute(
      "href",
      testConfig.branding.faqUrl,
    );
    expect(within(other).getByRole("link", { name: "Kostenlos registrieren" })).toBeInTheDocument();
    expect(within(other).getByRole("link", { name: "Impressum" })).toBeInTheDocument();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} ${testConfig.branding.associationName}`),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("signed in (not a member): logo to the profile; menu Profile, Sign-in & devices, Company, Membership, Logout", async () => {
    const { container } = await renderApp(page, {
      route: "/konto?client_id=web",
      claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] },
      api: { getMe: () => answer(testPerson) },
    });
    const menu = await screen.findByRole("navigation", { name: "Hauptmenü" });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(["Profil", "Anmeldung & Geräte", "Unternehmen", "Mitgliedschaft", "Abmelden"]),
    );
    // client_id carries over to the next route.
    expect(within(menu).getByRole("link", { name: "Mitgliedschaft" })).toHaveAttribute(
      "href",
      "/mitgliedschaft?client_id=web",
    );
    expect(within(menu).getByRole("link", { name: "Profil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("link", { name: /zu Ihrem Profil/ })).toHaveAttribute(
      "href",
      "/konto?client_id=web",
    );
    await expectNoAxeViolations(container);
  });

  it("a sub-page of the profile (/konto/email-aendern) keeps Profile marked as where you are", async () => {
    const menu = await nonMemberMenuAt("/konto/email-aendern");
    const profile = await within(menu).findByRole("link", { name: "Profil" });
    expect(profile).toHaveAttribute("aria-current", "true");
    expect(within(menu).getByRole("link", { name: "Mitgliedschaft" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("on /sicherheit, which shows the same sections, Sign-in & devices is marked for a non-member", async () => {
    const menu = await nonMemberMenuAt("/sicherheit");
    const devices = await within(menu).findByRole("link", { name: "Anmeldung & Geräte" });
    expect(devices).toHaveAttribute("aria-current", "page");
    expect(within(menu).getByRole("link", { name: "Profil" })).not.toHaveAttribute("aria-current");
  });

  it("member with an allowed prefix sees Security and no Company; the mobile menu toggles", async () => {
    const user = userEvent.setup();
    await renderApp(page, {
      claims: { cr_id: "p1", cr_mapping: "M1", cr_userrole: [], cr_membernumber: "123456" },
      config: { securityMenu: { enabled: true, memberNumberPrefixes: ["123"] } },
      api: { getMe: () => answer(testPerson) },
    });
    const menu = await screen.findByRole("navigation", { name: "Hauptmenü" });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(["Profil", "Sicherheit", "Mitgliedschaft", "Abmelden"]),
    );
    const toggle = screen.getByRole("button", { name: "Menü öffnen" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Menü schließen" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByRole("navigation", { name: "Menü" })).toBeVisible();
  });

  it("a plain user's mobile menu leads to Sign-in & devices (passkeys, devices, activity)", async () => {
    const user = userEvent.setup();
    await renderApp(page, {
      route: "/konto",
      claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] },
      api: { getMe: () => answer(testPerson) },
    });
    await user.click(await screen.findByRole("button", { name: "Menü öffnen" }));
    const mobile = screen.getByRole("navigation", { name: "Menü" });
    expect(within(mobile).getByRole("link", { name: "Anmeldung & Geräte" })).toHaveAttribute(
      "href",
      "/sicherheit/anmeldung",
    );
    expect(within(mobile).queryByRole("link", { name: "Sicherheit" })).toBeNull();
  });

  it("Escape closes the open mobile menu and returns focus to its toggle", async () => {
    const user = userEvent.setup();
    await renderApp(page, {
      claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] },
      api: { getMe: () => answer(testPerson) },
    });
    await user.click(await screen.findByRole("button", { name: "Menü öffnen" }));
    const mobile = screen.getByRole("navigation", { name: "Menü" });
    const [first] = within(mobile).getAllByRole("link");
    first?.focus();
    await user.keyboard("{Escape}");
    const toggle = screen.getByRole("button", { name: "Menü öffnen" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Menü" })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it("while the sign-in check runs, a browser signed in last time has the signed-in header at once, and keeps it", async () => {
    const { answerCheck } = await renderApp(page, {
      claims: { cr_id: "p1", cr_mapping: null, cr_userrole: [] },
      api: { getMe: () => answer(testPerson) },
      checking: { signedInLastTime: true },
    });
    // Drawn before the provider answered: the menu every user has, no sign-up link.
    const menu = screen.getByRole("navigation", { name: "Hauptmenü" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Profil", "Anmeldung & Geräte", "Mitgliedschaft", "Abmelden"]);
    expect(screen.queryByRole("link", { name: "Kostenlos registrieren" })).toBeNull();
    expect(screen.getByRole("button", { name: "Menü öffnen" })).toBeInTheDocument();
    await answerCheck();
    // The answer adds what this user may see; the menu itself stays where it was.
    expect(screen.getByRole("navigation", { name: "Hauptmenü" })).toBe(menu);
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(["Profil", "Anmeldung & Geräte", "Unternehmen", "Mitgliedschaft", "Abmelden"]),
    );
  });

  it("when the layout changes from signed in to visitor, the page is not mounted again", async () => {
    // A confirmation page sends its single-use token on mount: a remount would send it twice.
    mounted.mockClear();
    const { answerCheck } = await renderApp(
      <Shell>
        <CountedPage />
      </Shell>,
      { api: { getMe: () => answer(testPerson) }, checking: { signedInLastTime: true } },
    );
    expect(screen.getByRole("navigation", { name: "Hauptmenü" })).toBeInTheDocument();
    await answerCheck();
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull());
    expect(mounted).toHaveBeenCalledTimes(1);
  });

  it("while the sign-in check runs, a visitor has the visitor header, and keeps it when signed out", async () => {
    const { answerCheck, hint } = await renderApp(page, { checking: {} });
    expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull();
    expect(screen.getByRole("link", { name: "Kostenlos registrieren" })).toBeInTheDocument();
    await answerCheck();
    expect(screen.queryByRole("navigation", { name: "Hauptmenü" })).toBeNull();
    expect(screen.getByRole("link", { name: "Kostenlos registrieren" })).toBeInTheDocument();
    expect(hint.signedIn).toBe(false);
  });

  it("cookie settings: a modal dialog stores the analytics choice; focus goes back", async () => {
    const user = userEvent.setup();
    const consent = memoryConsent(null);
    const { container } = await renderApp(page, { consent });
    // The one footer area offers the cookie settings once (no link twice on screen).
    const [opener, ...more] = screen.getAllByRole("button", { name: "Cookie-Einstellungen" });
    expect(more).toEqual([]);
    if (!opener) throw new Error("footer cookie-settings button missing");
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Cookie-Einstellungen" });
    expect(within(dialog).getByRole("checkbox")).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.click(within(dialog).getByRole("button", { name: "Alle akzeptieren" }));
    expect(consent.read()).toBe("granted");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });
});

describe("language switcher (spec section 1)", () => {
  it("offers the five locales, switches the texts and stores the CAS_PREFERRED_LANGUAGE cookie", async () => {
    const user = userEvent.setup();
    const cookies: string[] = [];
    vi.spyOn(document, "cookie", "set").mockImplementation((v: string) => void cookies.push(v));
    await renderApp(page, { config: { languageCookieDomain: ".example.com" } });
    const select = screen.getByRole("combobox", { name: "Sprache" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(["de_DE", "de_AT", "en_US", "fr_FR", "fr_LU"]);
    await user.selectOptions(select, "fr_LU");
    expect((await screen.findAllByRole("link", { name: "Mentions légales" })).length).toBe(1);
    expect(cookies).toEqual([
      "CAS_PREFERRED_LANGUAGE=fr_LU; Max-Age=31536000; Path=/; Domain=.example.com; Secure; SameSite=None",
    ]);
    expect(document.documentElement.lang).toBe("fr-LU");
    expect(screen.getByRole("combobox", { name: "Langue" })).toHaveValue("fr_LU");
    await user.selectOptions(screen.getByRole("combobox", { name: "Langue" }), "en_US");
    expect(await screen.findByRole("link", { name: "Sign up free" })).toBeInTheDocument();
  });
});

describe("language switcher with the keyboard: a choice applies when committed, not at each arrow key (QA #10, WCAG 3.2.2)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** What Chromium does for an arrow key on the closed select: key down, new value, change. */
  const arrowTo = (select: HTMLElement, locale: string) => {
    fireEvent.keyDown(select, { key: "ArrowDown" });
    (select as HTMLSelectElement).value = locale;
    fireEvent.change(select);
    fireEvent.keyUp(select, { key: "ArrowDown" });
  };
  /** With `clock: "fake"` the switcher's pause runs on a fake clock the test moves. */
  const setUp = async ({ clock }: { clock?: "fake" } = {}) => {
    const cookies: string[] = [];
    vi.spyOn(document, "cookie", "set").mockImplementation((v: string) => void cookies.push(v));
    await renderApp(page);
    // Faked only from here, before the keys start the pause: rendering and Testing Library's
    // waits keep real timers (they are put back before the test waits for the new texts).
    if (clock === "fake") vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // As main.tsx does at load (an earlier test may have switched it).
    document.documentElement.lang = "de";
    const select = screen.getByRole("combobox", { name: "Sprache" });
    select.focus();
    // Two steps down, from Deutsch (Deutschland) over Deutsch (Österreich) to English (US).
    arrowTo(select, "de_AT");
    arrowTo(select, "en_US");
    // Shown, not applied: the page is still German and nothing was stored.
    expect(select).toHaveValue("en_US");
    expect(document.querySelector(".lang-switch__short[data-current]")).toHaveTextContent(/^EN$/);
    expect(screen.getByRole("link", { name: "Impressum" })).toBeInTheDocument();
    expect(cookies).toEqual([]);
    expect(document.documentElement.lang).toBe("de");
    return { select, cookies };
  };

  it.each([
    ["Enter", (select: HTMLElement) => void fireEvent.keyDown(select, { key: "Enter" })],
    [
      "the key-up of Enter that closed the open list",
      (select: HTMLElement) => void fireEvent.keyUp(select, { key: "Enter" }),
    ],
    ["leaving the select (Tab)", (select: HTMLElement) => void fireEvent.blur(select)],
  ])("commits once with %s", async (_, commit) => {
    const { select, cookies } = await setUp();
    commit(select);
    expect(await screen.findByRole("link", { name: "Legal notice" })).toBeInTheDocument();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^CAS_PREFERRED_LANGUAGE=en_US;/);
    expect(document.documentElement.lang).toBe("en");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("en_US");
  });

  it("commits after a pause without another key", async () => {
    const { cookies } = await setUp({ clock: "fake" });
    act(() => void vi.advanceTimersByTime(LANGUAGE_KEY_PAUSE_MS - 1));
    expect(cookies).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(cookies).toHaveLength(1);
    vi.useRealTimers();
    expect(await screen.findByRole("link", { name: "Legal notice" })).toBeInTheDocument();
  });

  it("Escape puts the page's language back and applies nothing", async () => {
    const { select, cookies } = await setUp({ clock: "fake" });
    fireEvent.keyDown(select, { key: "Escape" });
    expect(select).toHaveValue("de_DE");
    fireEvent.blur(select);
    act(() => void vi.advanceTimersByTime(LANGUAGE_KEY_PAUSE_MS * 2));
    expect(cookies).toEqual([]);
    expect(screen.getByRole("link", { name: "Impressum" })).toBeInTheDocument();
  });

  it("a pick with the mouse after keys applies at once", async () => {
    const { select, cookies } = await setUp();
    fireEvent.pointerDown(select);
    (select as HTMLSelectElement).value = "fr_FR";
    fireEvent.change(select);
    expect(await screen.findByRole("link", { name: "Mentions légales" })).toBeInTheDocument();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^CAS_PREFERRED_LANGUAGE=fr_FR;/);
  });
});

describe("language switcher on a phone", () => {
  // The short tag stands in for the select's own text where the header is narrow (the CSS
  // shows it below 30em; jsdom has no layout, so the tag's text and its hiding from assistive
  // technology are what is checked here, and the screenshots check how it looks).
  it("shows the chosen locale as a short tag, follows each pick, and leaves the full name to the select", async () => {
    const user = userEvent.setup();
    await renderApp(page);
    const tag = () => document.querySelector(".lang-switch__short[data-current]");
    expect(tag()).toHaveAttribute("aria-hidden", "true");
    expect(tag()).toHaveTextContent(/^DE$/);
    // A tag per locale, always the same (QA2 #6): the sheet shows the one of the option
    // chosen in the select, also for a pick made in the prerendered frame before the app
    // runs; only `data-current` (for browsers without :has()) follows the app's state.
    const tags = () =>
      Array.from(document.querySelectorAll(".lang-switch__short"), (t) => ({
        locale: t.getAttribute("data-locale"),
        text: t.textContent,
        hidden: t.getAttribute("aria-hidden"),
      }));
    const all = [
      { locale: "de_DE", text: "DE", hidden: "true" },
      { locale: "de_AT", text: "DE-AT", hidden: "true" },
      { locale: "en_US", text: "EN", hidden: "true" },
      { locale: "fr_FR", text: "FR", hidden: "true" },
      { locale: "fr_LU", text: "FR-LU", hidden: "true" },
    ];
    expect(tags()).toEqual(all);
    for (const [locale, short] of [
      ["de_AT", "DE-AT"],
      ["en_US", "EN"],
      ["fr_FR", "FR"],
      ["fr_LU", "FR-LU"],
    ] as const) {
      await user.selectOptions(screen.getByRole("combobox"), locale);
      await waitFor(() => expect(tag()).toHaveTextContent(new RegExp(`^${short}$`)));
      expect(document.querySelectorAll(".lang-switch__short[data-current]")).toHaveLength(1);
      expect(tags()).toEqual(all);
    }
    expect(screen.getByRole("combobox", { name: "Langue" })).toHaveDisplayValue(
      "Français (Luxembourg)",
    );
  });
});
