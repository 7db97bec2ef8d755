import type { Person } from "@portal/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { answer, fakeCompanySearch } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import CompanyPage from "./company-page.js";
import PatchPersonCompanySuccessPage from "./patch-person-company-success-page.js";
import { findQa, qa, storedPerson, userClaims } from "./test/account-fixtures.js";

// The success page after the company save says one thing per outcome (issue 15): a saved
// company is saved and will be verified; a removed one is removed, nothing else.
const companies = [{ crefonummer: "2010000001", name: "Muster GmbH" }];

const renderCompany = (person: Person) =>
  renderApp(<CompanyPage />, {
    claims: userClaims,
    companySearch: fakeCompanySearch(companies),
    extraRoutes: [{ path: "/unternehmen/danke", element: <PatchPersonCompanySuccessPage /> }],
    api: { getMe: () => answer(person), patchMe: () => answer(person) },
  });

describe("company success (/unternehmen/danke): one message per outcome", () => {
  it("a saved company: saved, and we will verify it; nothing about a removal", async () => {
    const user = userEvent.setup();
    await renderCompany(storedPerson);
    await findQa("company-current-none");
    await user.type(qa("company-search"), "Muster");
    await user.click((await screen.findAllByTestId("company-search-suggestion"))[0] as HTMLElement);
    await user.tab();
    await user.click(qa("company-submit"));
    const page = await findQa("patch-person-company-success-page");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Ihr Unternehmen wurde gespeichert",
    );
    expect(page).toHaveTextContent("Muster GmbH");
    expect(page).toHaveTextContent("geprüft");
    expect(page).not.toHaveTextContent("entfernt");
  });

  it("a removed company: removed, nothing saved and nothing to verify", async () => {
    const user = userEvent.setup();
    await renderCompany({
      ...storedPerson,
      unverifiedCrefonummer: "2010000001",
      companyName: "Muster GmbH",
    });
    await findQa("company-current");
    await user.click(qa("company-reset"));
    await user.click(qa("company-submit"));
    const page = await findQa("patch-person-company-success-page");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Die Zuordnung zu einem Unternehmen wurde entfernt",
    );
    expect(page).not.toHaveTextContent("gespeichert");
    expect(page).not.toHaveTextContent("geprüft");
  });
});
