import { ROUTES } from "@portal/core";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageModules } from "./page-modules.js";
import { answer, fakeWebTargets, testPerson } from "./test-support/fakes.js";
import { type RenderAppResult, renderAppRoutes } from "./test-support/render.js";

describe("route table (spec section 2)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("maps every route of core's table to a lazily loaded page", () => {
    expect(Object.keys(pageModules).sort()).toEqual(
      [...ROUTES.map((r) => r.name), "not-found"].sort(),
    );
  });

  it("a protected route forces sign-in first", async () => {
    const { identity } = await renderAppRoutes({ route: "/konto" });
    await waitFor(() => expect(identity.logins).toHaveLength(1));
    expect(screen.getByRole("status")).toBeInTheDocument();
  });

  it("a protected route waits for the page load's sign-in check before it signs in", async () => {
    const { identity, answerCheck } = await renderAppRoutes({
      route: "/konto",
      checking: { loginRequired: true },
    });
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(identity.logins).toEqual([]);
    await answerCheck();
    await waitFor(() => expect(identity.logins).toHaveLength(1));
  });

  it("home waits for the sign-in check: a user signed in elsewhere goes to the profile", async () => {
    const { answerCheck, router } = await renderAppRoutes({
      route: "/",
      claims: { cr_id: "p1" },
      api: { getMe: () => answer(testPerson) },
      checking: {},
    });
    await waitFor(() =>
      expect(document.querySelector('[data-qa="home-loading"]')).toBeInTheDocument(),
    );
    expect(where(router)).toBe("/");
    await answerCheck();
    await waitFor(() => expect(where(router)).toBe("/konto"));
  });

  it("tracks a page view per route and scrolls to the top unless a hash is present", async () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const { analytics } = await renderAppRoutes({ route: "/passwort-vergessen" });
    expect(
      await screen.findByRole("heading", { name: "Passwort vergessen" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The view is counted in the navigation's effects, which may run after the page is drawn.
    await waitFor(() =>
      expect(analytics.pageViews).toEqual([
        { routeName: "password-forgotten", path: "/benutzerverwaltung/passwort-vergessen" },
      ]),
    );
    expect(scroll).toHaveBeenCalledWith(0, 0);
  });

  it("home sends a visitor to the registration, carrying client_id and prk", async () => {
    const { analytics } = await renderAppRoutes({ route: "/?client_id=web&prk=mc" });
    expect(
      await screen.findByRole("heading", { name: "Registrieren" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Counted, focused and titled in the navigation's effects, which run after the drawing
    // (one pass: once the view is counted, the others have run).
    await waitFor(() =>
      expect(analytics.pageViews.map((p) => p.routeName)).toEqual(["home", "register"]),
    );
    // After the navigation, focus sits on the new page's main heading, and the title names it.
    expect(screen.getByRole("heading", { level: 1, name: "Registrieren" })).toHaveFocus();
    expect(document.title).toBe("Registrieren – Benutzerverwaltung");
    expect(screen.getByRole("link", { name: "Ich habe bereits ein Konto" })).toHaveAttribute(
      "href",
      "/login?client_id=web&prk=mc",
    );
  });

  it("every route has its own page title in de, en and fr, set on navigation in the user's language", async () => {
    const { i18n } = await renderAppRoutes({ route: "/passwort-vergessen" });
    await screen.findByRole("heading", { name: "Passwort vergessen" }, { timeout: 10_000 });
    expect(document.title).toBe("Passwort vergessen – Benutzerverwaltung");
    try {
      await act(() => i18n.changeLanguage("en"));
      await waitFor(() => expect(document.title).toBe("Forgotten password – User management"));
    } finally {
      await act(() => i18n.changeLanguage("de"));
    }
    await i18n.loadLanguages(["en", "fr"]);
    for (const lng of ["de", "en", "fr"]) {
      const titles = ROUTES.map((r) => i18n.getFixedT(lng, "common")(`pageTitle.${r.name}`));
      expect(titles.filter((t) => t.startsWith("pageTitle."))).toEqual([]);
      // No screen shares its title with another, so the title tells the user where they are.
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it("an unknown path shows the not-found page", async () => {
    await renderAppRoutes({ route: "/gibt-es-nicht" });
    expect(
      await screen.findByRole("heading", { name: "Seite nicht gefunden" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

/** The router's current address (path and query). */
const where = (router: RenderAppResult["router"]): string =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe("/login and /logout", () => {
  const assign = vi.fn();
  afterEach(() => assign.mockReset());

  it("signs a visitor in first", async () => {
    const { identity } = await renderAppRoutes({ route: "/login?prk=shop" });
    await waitFor(() => expect(identity.logins).toHaveLength(1));
  });

  it("goes to the profile by default", async () => {
    const { router } = await renderAppRoutes({
      route: "/login?client_id=web",
      claims: { cr_id: "p1" },
      api: { getMe: () => answer(testPerson) },
    });
    await waitFor(() => expect(where(router)).toBe("/konto?client_id=web"));
  });

  it("follows an allow-listed web target with prt and newUser, never another origin", async () => {
    const location = { ...window.location, assign };
    vi.spyOn(window, "location", "get").mockReturnValue(location as Location);
    await renderAppRoutes({
      route: "/login?prk=shop&prt=t1&newUser=true",
      claims: { cr_id: "p1" },
      config: { redirectAllowList: ["https://shop.example"] },
      webTargets: fakeWebTargets({
        SHOP: "https://shop.example/start",
        EVIL: "https://evil.example/",
      }),
    });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://shop.example/start?prt=t1&newUser=true"),
    );
  });

  it("does not follow a web target outside the allow-list", async () => {
    const location = { ...window.location, assign };
    vi.spyOn(window, "location", "get").mockReturnValue(location as Location);
    const { router } = await renderAppRoutes({
      route: "/login?prk=evil",
      claims: { cr_id: "p1" },
      config: { redirectAllowList: ["https://shop.example"] },
      webTargets: fakeWebTargets({ EVIL: "https://evil.example/" }),
    });
    // The target was looked up and refused: the profile instead, and no other origin.
    await waitFor(() => expect(where(router)).toMatch(/^\/konto/));
    expect(assign).not.toHaveBeenCalled();
  });

  it("/logout signs out at the provider back to the base path", async () => {
    const { identity } = await renderAppRoutes({
      route: "/logout",
      claims: { cr_id: "p1" },
      api: { getMe: () => answer(testPerson) },
    });
    await waitFor(() =>
      expect(identity.logouts).toEqual(["http://localhost:3000/benutzerverwaltung/"]),
    );
  });
});
