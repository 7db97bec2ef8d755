import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { answer, fakeCompanySearch } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import RegisterPage from "./register-page.js";

// Issue 15: `?crefonummer=...` was sent with the registration while the company field
// stayed empty; the user now sees the company that will be linked.
describe("register page with a crefonummer in the query", () => {
  it("shows the company the number stands for and sends that number", async () => {
    const search = fakeCompanySearch([
      { crefonummer: "2010000001", name: "Muster GmbH", city: "Köln" },
      { crefonummer: "2010000002", name: "Andere AG" },
    ]);
    const { api } = await renderApp(<RegisterPage />, {
      route: "/registrieren?crefonummer=2010000002",
      companySearch: search,
      api: { register: () => answer(undefined) },
    });
    const company = await screen.findByRole("combobox", { name: /^Unternehmen/ });
    await waitFor(() => expect(company).toHaveValue("Andere AG"));
    expect(search.terms).toContain("2010000002");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Vorname/), "Erika");
    await user.type(screen.getByLabelText(/^Nachname/), "Muster");
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), "erika@example.de");
    await user.type(screen.getByLabelText(/^Passwort \*/), "Sommer2024!xy");
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), "Sommer2024!xy");
    await user.click(screen.getByLabelText(/Ich akzeptiere die/));
    await user.tab();
    await user.click(screen.getByRole("button", { name: /^Registrieren/ }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "register")).toBe(true));
    const sent = api.calls.find((c) => c.method === "register")?.args[0] as {
      crefonummer?: string;
    };
    expect(sent.crefonummer).toBe("2010000002");
  }, 30_000);
});
