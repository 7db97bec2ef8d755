import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, testPerson } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import { Shell } from "./shell.js";

const page = (
  <Shell>
    <h1>Inhalt</h1>
  </Shell>
);
const qa = (name: string) => document.querySelector<HTMLElement>(`[data-qa="${name}"]`);

// Issue 29: nothing in the header showed which account is signed in.
describe("header: the signed-in account", () => {
  it("names the person and the address in the header bar and atop the phone's menu", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(page, {
      claims: { cr_id: "p1", cr_userrole: [], email: "alt@example.de" },
      api: { getMe: () => answer({ ...testPerson, email: "erika@example.de" }) },
    });
    await waitFor(() => expect(qa("bar-account-name")).toHaveTextContent("Erika Muster"));
    const bar = qa("bar-account")!;
    expect(bar).toHaveTextContent("Angemeldet als");
    // The loaded person's address, the current one, not the one the sign-in carried.
    expect(within(bar).getByText("erika@example.de")).toBeInTheDocument();
    expect(bar.closest("header")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Menü öffnen" }));
    const menu = screen.getByRole("navigation", { name: /Menü/ });
    expect(within(menu).getByText("Erika Muster")).toBeInTheDocument();
    expect(within(menu).getByText("erika@example.de")).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("shows the sign-in's address before the person has loaded", async () => {
    await renderApp(page, {
      claims: { cr_id: "p1", cr_userrole: [], email: "erika@example.de" },
      api: { getMe: () => new Promise(() => {}) },
    });
    expect(qa("bar-account-email")).toHaveTextContent("erika@example.de");
    expect(qa("bar-account-name")).toBeNull();
  });

  it("shows nothing to a visitor", async () => {
    await renderApp(page, { route: "/registrieren" });
    expect(qa("bar-account")).toBeNull();
    expect(screen.queryByText("Angemeldet als")).toBeNull();
  });
});
