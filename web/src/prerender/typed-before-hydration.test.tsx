import { AUTOCOMPLETE_DELAY_MS, routeByName } from "@portal/core";
import { act, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { PageReadyTracker } from "../app/page-ready.js";
import { start } from "../app/start.js";
import { keepTypedBeforeHydration } from "../components/form/typed-in-frame.js";
import { FRAME_CONFIG } from "./frame-config.js";
import { framedPage, hydrateFramedPage } from "./frame-test-support.js";

// A visitor who types into the prerendered registration form before the app has hydrated
// it (a slow phone, a fast typist, a browser's autofill): the input stays and counts. The
// form's state takes it; nothing writes into the fields past React.

vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const byQa = <E extends HTMLElement = HTMLInputElement>(root: HTMLElement, qa: string) => {
  const element = root.querySelector<E>(`[data-qa="${qa}"]`);
  if (!element) throw new Error(`no ${qa}`);
  return element;
};

/**
 * The English registration frame with a name, a company, a title, the member answer and a
 * ticked consent entered as the browser does on a page no script has taken over. Every
 * request answers an empty suggestion list; `searches` counts the searches for the company.
 */
const typedFrame = async () => {
  const route = routeByName("register");
  const root = await framedPage(route, "en");
  const requested: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    requested.push(decodeURIComponent(input instanceof Request ? input.url : String(input)));
    return Response.json({ companyNameSuggestions: [] });
  });
  byQa(root, "register-given-name").value = "Ada";
  byQa(root, "register-company").value = "Qqxzzqy";
  byQa(root, "register-with-cto-yes").checked = true;
  byQa(root, "register-consent-marketing").checked = true;
  byQa<HTMLSelectElement>(root, "register-title").value = "DR";
  const searches = () => requested.filter((url) => url.endsWith("/Qqxzzqy")).length;
  return { root, route, searches };
};

/** Everything the visitor entered shows, after the renders that follow hydration. */
const expectTypedShown = (root: HTMLElement) => {
  expect(byQa(root, "register-given-name").value).toBe("Ada");
  expect(byQa(root, "register-company").value).toBe("Qqxzzqy");
  expect(byQa<HTMLSelectElement>(root, "register-title").value).toBe("DR");
  expect(byQa(root, "register-with-cto-yes").checked).toBe(true);
  expect(byQa(root, "register-with-cto-no").checked).toBe(false);
  expect(byQa(root, "register-consent-marketing").checked).toBe(true);
};

/**
 * Holds the company search's wait (the combobox's timer of AUTOCOMPLETE_DELAY_MS) for the
 * test to end; every other timer runs as usual (the app's start and hydration use them).
 * Answers `searchedAfterTheWait`: ends the waits held, then counts the searches for the
 * company once they have answered, after ending any wait that followed as well.
 */
const holdSearchWaits = (searches: () => number) => {
  const held = new Map<number, () => void>();
  let next = -1;
  const { setTimeout: set, clearTimeout: clear } = globalThis;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    run: () => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms !== AUTOCOMPLETE_DELAY_MS) return set(run, ms, ...args);
    held.set(next, run);
    return next--;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, "clearTimeout").mockImplementation((id) => {
    if (!held.delete(id as unknown as number)) clear(id);
  });
  const endWaits = () => {
    const due = [...held.values()];
    held.clear();
    act(() => {
      for (const run of due) run();
    });
  };
  return async () => {
    endWaits();
    await waitFor(() => expect(searches()).toBeGreaterThan(0));
    endWaits();
    return searches();
  };
};

it("text, a select, a radio, a box and the company typed into the frame reach the form's state after hydration", async () => {
  const { root, route, searches } = await typedFrame();
  // Every value written into a text field from here on, React's own writes included (its
  // value tracker takes the setter it finds on the prototype).
  const written: string[] = [];
  const { set } = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value") ?? {};
  vi.spyOn(HTMLInputElement.prototype, "value", "set").mockImplementation(function (
    this: HTMLInputElement,
    value: string,
  ) {
    written.push(this.dataset.qa ?? "");
    set?.call(this, value);
  });
  const searchedAfterTheWait = holdSearchWaits(searches);
  const frameField = byQa(root, "register-given-name");
  // React's development checks find no difference in a field the visitor changed.
  const errors = vi.spyOn(console, "error");
  const reported = vi.fn();
  vi.stubGlobal("reportError", reported);

  const app = await hydrateFramedPage(root, route, "en");

  // The chosen radio shows the member fields: the form's state has it.
  await waitFor(() =>
    expect(root.querySelector('[data-qa="register-mitgliedsnummer"]')).not.toBeNull(),
  );
  // The form rendered again meanwhile (the member fields, its validation at mount) and
  // every field shows what the visitor left: the state renders the same. Nothing was
  // written into a field the visitor had typed into.
  expectTypedShown(root);
  expect(written.filter((qa) => qa === "register-given-name" || qa === "register-company")).toEqual(
    [],
  );
  expect(byQa(root, "register-given-name")).toBe(frameField);
  const own = "Detected multiple renderers concurrently rendering the same context provider";
  expect(errors.mock.calls.filter(([message]) => !String(message).startsWith(own))).toEqual([]);
  expect(reported).not.toHaveBeenCalled();
  // The typed company was searched for once, from the state.
  expect(await searchedAfterTheWait()).toBe(1);

  // A submit validates the state: what was typed counts, the empty fields do not pass.
  fireEvent.click(byQa<HTMLButtonElement>(root, "register-submit"));
  await waitFor(() =>
    expect(byQa(root, "register-surname").getAttribute("aria-invalid")).toBe("true"),
  );
  expect(byQa(root, "register-given-name").getAttribute("aria-invalid")).toBeNull();
  expect(byQa<HTMLSelectElement>(root, "register-title").getAttribute("aria-invalid")).toBeNull();
  app.unmount();
});

it("what was typed stays when the visitor also picked another language in the frame", async () => {
  const { root, route, searches } = await typedFrame();
  // The header's select, changed before any script ran: the page turns French once the app
  // has started, and its parts that were still the server's markup then are drawn afresh.
  byQa<HTMLSelectElement>(root, "language-switcher").value = "fr_FR";
  const searchedAfterTheWait = holdSearchWaits(searches);

  const app = await hydrateFramedPage(root, route, "en");

  await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("S'inscrire"));
  await waitFor(() =>
    expect(root.querySelector('[data-qa="register-mitgliedsnummer"]')).not.toBeNull(),
  );
  expectTypedShown(root);
  expect(await searchedAfterTheWait()).toBe(1);
  app.unmount();
});

it("fields React draws afresh instead of hydrating them get what the visitor left in the frame", async () => {
  const { root, route, searches } = await typedFrame();
  const frameField = byQa(root, "register-given-name");
  const searchedAfterTheWait = holdSearchWaits(searches);
  // What start() notes before hydrating; then the page is rendered afresh over the frame,
  // as React does for the parts a language picked in the frame keeps from hydrating.
  keepTypedBeforeHydration(root);
  const app = await start(root, {
    language: "en",
    route,
    config: Promise.resolve(FRAME_CONFIG),
    pageReady: new PageReadyTracker(document.body, 0),
    endBoot: () => undefined,
    frame: false,
  });

  await waitFor(() =>
    expect(root.querySelector('[data-qa="register-mitgliedsnummer"]')).not.toBeNull(),
  );
  // New, empty fields, which the form's state filled from the note.
  expect(byQa(root, "register-given-name")).not.toBe(frameField);
  expectTypedShown(root);
  expect(await searchedAfterTheWait()).toBe(1);
  app.unmount();
});
