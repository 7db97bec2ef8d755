import { routeByName } from "@portal/core";
import { waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { framedPage, hydrateFramedPage } from "./frame-test-support.js";

// A visitor who types into the prerendered registration form before the app has hydrated
// it (a slow phone, a fast typist, a browser's autofill): the input stays and counts.

vi.mock("../adapters/keycloak-start.js", () => ({
  startKeycloakIdentity: () => new Promise(() => undefined),
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

const byQa = (root: HTMLElement, qa: string) => {
  const element = root.querySelector<HTMLInputElement>(`[data-qa="${qa}"]`);
  if (!element) throw new Error(`no ${qa}`);
  return element;
};

/**
 * The English registration frame with a name, a company, a title and the member answer
 * entered as the browser does on a page no script has taken over. Every request answers an
 * empty suggestion list; `requested` lists their addresses (a search's ends in its term).
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
  (root.querySelector("#field-title") as HTMLSelectElement).value = "DR";
  return { root, route, requested };
};

it("text, a radio and the company search typed into the frame reach the form after hydration", async () => {
  const { root, route, requested } = await typedFrame();

  // Each replay is an input event: the form and the combobox (a chunk of its own) both replay
  // what was typed, and one of them must leave the other's fields alone.
  let companyInputs = 0;
  byQa(root, "register-company").addEventListener("input", () => companyInputs++);

  const app = await hydrateFramedPage(root, route, "en");

  // The chosen radio shows the member fields: the form's state has it.
  await waitFor(() =>
    expect(root.querySelector('[data-qa="register-mitgliedsnummer"]')).not.toBeNull(),
  );
  // The typed company name was searched for (after the search's delay).
  await waitFor(() => expect(requested.some((url) => url.endsWith("/Qqxzzqy"))).toBe(true), {
    timeout: 3000,
  });
  // The form re-rendered meanwhile (validation at mount, the member fields): nothing was
  // written back over the input.
  expect(byQa(root, "register-given-name").value).toBe("Ada");
  expect(byQa(root, "register-company").value).toBe("Qqxzzqy");
  expect((root.querySelector("#field-title") as HTMLSelectElement).value).toBe("DR");
  expect(byQa(root, "register-with-cto-yes").checked).toBe(true);
  expect(byQa(root, "register-with-cto-no").checked).toBe(false);
  expect(companyInputs).toBe(1);
  expect(requested.filter((url) => url.endsWith("/Qqxzzqy"))).toHaveLength(1);
  app.unmount();
});

it("what was typed stays when the visitor also picked another language in the frame", async () => {
  const { root, route, requested } = await typedFrame();
  byQa(root, "register-consent-marketing").checked = true;
  // The header's select, changed before any script ran: the page turns French once the app
  // has started, and its parts that were still the server's markup then are drawn afresh.
  (root.querySelector("#language-switcher") as HTMLSelectElement).value = "fr_FR";

  const app = await hydrateFramedPage(root, route, "en");

  await waitFor(() => expect(root.querySelector("h1")?.textContent).toBe("S'inscrire"));
  await waitFor(() =>
    expect(root.querySelector('[data-qa="register-mitgliedsnummer"]')).not.toBeNull(),
  );
  expect(byQa(root, "register-given-name").value).toBe("Ada");
  expect((root.querySelector("#field-title") as HTMLSelectElement).value).toBe("DR");
  expect(byQa(root, "register-with-cto-yes").checked).toBe(true);
  expect(byQa(root, "register-consent-marketing").checked).toBe(true);
  await waitFor(() => expect(requested.filter((url) => url.endsWith("/Qqxzzqy"))).toHaveLength(1), {
    timeout: 3000,
  });
  expect(byQa(root, "register-company").value).toBe("Qqxzzqy");
  app.unmount();
});
