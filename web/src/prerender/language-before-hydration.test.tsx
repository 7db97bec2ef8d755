import { LANGUAGE_COOKIE_NAME, routeByName } from "@portal/core";
import { act, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { framedPage, hydrateFramedPage } from "./frame-test-support.js";

// A visitor who picks another language in the prerendered header before the app has taken
// the page over (or while it hydrates): the choice is applied once, and never undone.

vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the spec's cookie
  document.cookie = `${LANGUAGE_COOKIE_NAME}=; Path=/; Max-Age=0`;
});

const switcher = (root: HTMLElement) =>
  root.querySelector<HTMLSelectElement>('[data-qa="language-switcher"]') as HTMLSelectElement;
const chosenCookie = () =>
  new RegExp(`${LANGUAGE_COOKIE_NAME}=(\\w+)`).exec(document.cookie)?.[1] ?? null;

/** What the browser does when the visitor picks an option: the value, then the events. */
const pick = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event("input", { bubbles: true }));
  select.dispatchEvent(new Event("change", { bubbles: true }));
};

it("a language picked in the frame before hydration switches the page once the app runs", async () => {
  const route = routeByName("register");
  const root = await framedPage(route, "en");
  // As main.tsx does at load: the frame's language.
  document.documentElement.lang = "en";
  pick(switcher(root), "fr_FR");
  const app = await hydrateFramedPage(root, route, "en");
  await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("S'inscrire"));
  expect(chosenCookie()).toBe("fr_FR");
  expect(switcher(root).value).toBe("fr_FR");
  app.unmount();
});

it("a language picked while React hydrates the header is applied, not undone", async () => {
  const route = routeByName("register");
  const root = await framedPage(route, "en");
  // As main.tsx does at load: the frame's language.
  document.documentElement.lang = "en";
  const select = switcher(root);
  // React has claimed the select (its props are on the node) but not yet committed the
  // page: the moment a hurried visitor's pick reached the app in the end-to-end suite.
  const picked = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (Object.keys(select).some((k) => k.startsWith("__reactProps"))) {
        clearInterval(poll);
        pick(select, "fr_FR");
        resolve();
      }
    }, 0);
  });
  const app = await hydrateFramedPage(root, route, "en");
  await picked;
  await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("S'inscrire"));
  // Nothing chose English again afterwards: React's queued work (a replayed event, effects)
  // and the promises it started are flushed, not waited out for a while.
  await act(async () => undefined);
  expect(root.querySelector("h1")?.textContent).toBe("S'inscrire");
  expect(chosenCookie()).toBe("fr_FR");
  expect(document.documentElement.lang).toBe("fr");
  app.unmount();
});
