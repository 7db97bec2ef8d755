import { loadTexts, routeByName, routeOfPath } from "@portal/core";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answer, testPerson } from "../test-support/fakes.js";
import { renderAppRoutes } from "../test-support/render.js";
import { createI18n } from "./i18n.js";
import { firstPageNamespaces } from "./texts.js";

/** Every key path of a namespace with a dot in it ("Profile.Title"): what a missing text shows. */
const keyPaths = (texts: unknown, prefix = ""): string[] =>
  Object.entries(texts as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keyPaths(value, `${prefix}${key}.`)
      : prefix
        ? [`${prefix}${key}`]
        : [],
  );

describe("texts per route", () => {
  it("loads the first page's namespaces only: the shell's and its route's", async () => {
    const i18n = await createI18n("de", firstPageNamespaces(routeByName("password-forgotten")));
    expect(i18n.hasLoadedNamespace("public")).toBe(true);
    expect(i18n.hasLoadedNamespace("common")).toBe(true);
    expect(i18n.hasLoadedNamespace("account")).toBe(false);
    expect(firstPageNamespaces(routeOfPath("/benutzerverwaltung/gibt-es-nicht"))).toEqual([
      "common",
      "shared",
    ]);
  });

  it("a route of another part brings its texts before its page shows: never a key in place of a text", async () => {
    const keys = keyPaths(await loadTexts("de", "account"));
    const i18n = await createI18n("de", firstPageNamespaces(routeByName("password-forgotten")));
    const { router } = await renderAppRoutes({
      route: "/passwort-vergessen",
      i18n,
      claims: { cr_id: "p1" },
      api: { getMe: () => answer(testPerson) },
    });
    await screen.findByRole("heading", { name: "Passwort vergessen" }, { timeout: 10_000 });
    expect(i18n.hasLoadedNamespace("account")).toBe(false);
    // Every text the page shows on the way, as React commits it.
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ""));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      await act(() => router.navigate("/konto"));
      await screen.findByRole("heading", { name: "Mein Konto" }, { timeout: 10_000 });
    } finally {
      observer.disconnect();
    }
    expect(i18n.hasLoadedNamespace("account")).toBe(true);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.flatMap((text) => keys.filter((key) => text.includes(key)))).toEqual([]);
  });
});
