import type { Person } from "@portal/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure, fakeCompanySearch } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import CompanyPage from "./company-page.js";
import PatchPersonCompanySuccessPage from "./patch-person-company-success-page.js";
import {
  findQa,
  memberClaims,
  qa,
  queryQa,
  storedPerson,
  userClaims,
} from "./test/account-fixtures.js";

const companies = [
  { crefonummer: "2010000001", name: "Muster GmbH" },
  { crefonummer: "2010000002", name: "Muster Bau AG" },
];
const successRoute = {
  path: "/unternehmen/danke",
  element: <PatchPersonCompanySuccessPage />,
};

const findQaAll = (name: string) => screen.findAllByTestId(name);

const renderCompany = (person: Person, patch = (p: Person) => answer(p)) =>
  renderApp(<CompanyPage />, {
    claims: userClaims,
    companySearch: fakeCompanySearch(companies),
    extraRoutes: [successRoute],
    api: { getMe: () => answer(person), patchMe: () => patch(person) },
  });

describe("company (/unternehmen)", () => {
  it("is not offered when company data must not be shown (member user)", async () => {
    await renderApp(<CompanyPage />, {
      claims: memberClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    expect(await findQa("company-not-available")).toBeInTheDocument();
    expect(queryQa("company-form")).toBeNull();
  });

  it("searches, chooses a company from the list and saves it as unverifiedCrefonummer (add)", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderCompany(storedPerson);
    expect(await findQa("company-current-none")).toBeInTheDocument();
    await expectNoAxeViolations(container);
    expect(qa("company-submit")).toBeDisabled();
    await user.type(qa("company-search"), "Muster");
    const options = await findQaAll("company-search-suggestion");
    expect(options).toHaveLength(2);
    await user.click(options[1] as HTMLElement);
    await user.tab();
    await user.click(qa("company-submit"));
    expect(await findQa("patch-person-company-success-name")).toHaveTextContent("Muster Bau AG");
    expect(api.calls.find((c) => c.method === "patchMe")?.args).toEqual([
      [{ op: "add", path: "/unverifiedCrefonummer", value: "2010000002" }],
    ]);
  }, 20_000);

  it("does not save a typed name that was not chosen from the list", async () => {
    const user = userEvent.setup();
    const { api } = await renderCompany(storedPerson);
    await user.type(await findQa("company-search"), "Irgendwas");
    await user.tab();
    expect(await findQa("company-search-error")).toHaveTextContent("Vorschlagsliste");
    expect(qa("company-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "patchMe")).toBe(false);
  });

  it("resets the selection and saves the removal", async () => {
    const user = userEvent.setup();
    const stored = {
      ...storedPerson,
      unverifiedCrefonummer: "2010000001",
      companyName: "Muster GmbH",
    };
    const { api } = await renderCompany(stored);
    expect(await findQa("company-current")).toHaveTextContent("Muster GmbH");
    expect(qa("company-search")).toHaveValue("Muster GmbH");
    expect(qa("company-submit")).toHaveTextContent("Unternehmen speichern");
    await user.click(qa("company-reset"));
    expect(qa("company-search")).toHaveValue("");
    // Reset leaves nothing shown as stored and says what saving will do.
    expect(queryQa("company-current")).toBeNull();
    expect(qa("company-removal-notice")).toHaveTextContent(
      "Beim Speichern wird „Muster GmbH“ aus Ihrem Konto entfernt.",
    );
    expect(qa("company-submit")).toHaveTextContent("Unternehmen entfernen");
    await user.click(qa("company-submit"));
    expect(await findQa("patch-person-company-success-removed")).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "patchMe")?.args).toEqual([
      [{ op: "remove", path: "/unverifiedCrefonummer" }],
    ]);
  });

  it("looks the company name up on load when only the number is stored", async () => {
    const search = fakeCompanySearch([{ crefonummer: "2010000001", name: "Muster GmbH" }]);
    const lookup = {
      ...search,
      suggest: (term: string) => search.suggest(term === "2010000001" ? "Muster" : term),
    };
    await renderApp(<CompanyPage />, {
      claims: userClaims,
      companySearch: lookup,
      api: { getMe: () => answer({ ...storedPerson, unverifiedCrefonummer: "2010000001" }) },
    });
    expect(await findQa("company-current")).toHaveTextContent("Muster GmbH");
    expect(search.terms).toContain("Muster");
  });

  it("opens the failure dialog when saving fails", async () => {
    const user = userEvent.setup();
    const stored = {
      ...storedPerson,
      unverifiedCrefonummer: "2010000001",
      companyName: "Muster GmbH",
    };
    await renderCompany(stored, () =>
      fail(failure(400, [{ errorCode: "INVALID_CREFONUMMER" }], "c-co")),
    );
    await user.click(await findQa("company-reset"));
    await user.click(qa("company-submit"));
    expect(await findQa("patch-person-company-error-dialog")).toHaveTextContent("c-co");
    expect(queryQa("patch-person-company-success-page")).toBeNull();
  });
});

describe("company success (/unternehmen/danke)", () => {
  it("opened directly (nothing was saved) goes to the company page", async () => {
    await renderApp(<PatchPersonCompanySuccessPage />, {
      entries: [{ pathname: "/unternehmen/danke" }],
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
      extraRoutes: [{ path: "/unternehmen", element: <p>unternehmen-seite</p> }],
    });
    expect(await screen.findByText("unternehmen-seite")).toBeInTheDocument();
    expect(queryQa("patch-person-company-success-removed")).toBeNull();
    expect(queryQa("patch-person-company-success-name")).toBeNull();
  });
});
