import { AUTOCOMPLETE_DELAY_MS, type CompanySearch } from "@portal/core";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useFormikContext } from "formik";
import { describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fakeCompanySearch } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import { AppForm } from "./app-form.js";
import { CompanyCombobox } from "./company-combobox.js";

// Issue 15: a search without a hit showed nothing; two companies of one name could not
// be told apart; the number of hits was not announced; a number from the query stayed
// invisible.

configure({ testIdAttribute: "data-qa" });

const REGISTER = [
  { crefonummer: "2010000001", name: "Muster GmbH", city: "Köln" },
  { crefonummer: "2010000002", name: "Muster GmbH", city: "Hamburg" },
  { crefonummer: "2010000003", name: "Beispiel AG" },
];

interface Values {
  company: string;
  crefonummer: string;
}

function Shown() {
  const { values } = useFormikContext<Values>();
  return <output data-qa="values">{JSON.stringify(values)}</output>;
}

const renderCombobox = <S extends CompanySearch = ReturnType<typeof fakeCompanySearch>>(
  initial: Values = { company: "", crefonummer: "" },
  search: S = fakeCompanySearch(REGISTER) as unknown as S,
) => {
  const rendered = renderApp(
    <AppForm<Values>
      dataQa="combobox-form"
      aria-label="Unternehmen"
      initialValues={initial}
      validate={() => ({})}
      onSubmit={() => undefined}
    >
      <CompanyCombobox name="crefonummer" textName="company" label="Firma" dataQa="company" />
      <Shown />
    </AppForm>,
    { companySearch: search },
  );
  return { search, rendered };
};

const status = () => screen.getByTestId("company-status");

/**
 * Enters `term` in the box and lets the search's wait pass on a fake clock the test moves
 * (Testing Library's own waits need real timers: they are back when this returns).
 */
const enter = async (term: string) => {
  const box = await screen.findByTestId("company");
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    fireEvent.change(box, { target: { value: term } });
    act(() => void vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS));
  } finally {
    vi.useRealTimers();
  }
};

describe("CompanyCombobox", () => {
  it("says when nothing was found, and that the field may stay empty", async () => {
    const { rendered } = renderCombobox();
    const { container } = await rendered;
    await enter("Xyzzy");
    await waitFor(() => expect(status()).toHaveTextContent("Kein Unternehmen gefunden."));
    expect(status()).toHaveTextContent("Sie können das Feld auch leer lassen.");
    expect(status()).toHaveAttribute("role", "status");
    await expectNoAxeViolations(container);
  });

  it("shows crefonummer and city in each option and announces how many were found", async () => {
    const user = userEvent.setup();
    const { rendered } = renderCombobox();
    const { container } = await rendered;
    await enter("Muster");
    const options = await screen.findAllByTestId("company-suggestion");
    expect(options.map((o) => o.textContent)).toEqual([
      "Muster GmbHCrefonummer 2010000001 · Köln",
      "Muster GmbHCrefonummer 2010000002 · Hamburg",
    ]);
    expect(within(options[1] as HTMLElement).getByText(/Hamburg/)).toBeInTheDocument();
    expect(status()).toHaveTextContent("2 Unternehmen gefunden.");
    await expectNoAxeViolations(container);
    await user.click(options[1] as HTMLElement);
    expect(screen.getByTestId("values")).toHaveTextContent(
      JSON.stringify({ company: "Muster GmbH", crefonummer: "2010000002" }),
    );
  });

  it("an option without a city shows its crefonummer alone", async () => {
    const { rendered } = renderCombobox();
    await rendered;
    await enter("Beispiel");
    const [option] = await screen.findAllByTestId("company-suggestion");
    expect(option).toHaveTextContent(/^Beispiel AGCrefonummer 2010000003$/);
    expect(status()).toHaveTextContent("1 Unternehmen gefunden.");
  });

  it("looks up the company of a number given without its name (query crefonummer)", async () => {
    const { search, rendered } = renderCombobox({ company: "", crefonummer: "2010000002" });
    await rendered;
    await waitFor(() => expect(screen.getByTestId("company")).toHaveValue("Muster GmbH"));
    expect(search.terms).toEqual(["2010000002"]);
    expect(screen.getByTestId("values")).toHaveTextContent(
      JSON.stringify({ company: "Muster GmbH", crefonummer: "2010000002" }),
    );
  });

  it("drops a given number the register does not know, so nothing unseen is linked", async () => {
    const { rendered } = renderCombobox({ company: "", crefonummer: "9999999999" });
    await rendered;
    await waitFor(() =>
      expect(screen.getByTestId("values")).toHaveTextContent(
        JSON.stringify({ company: "", crefonummer: "" }),
      ),
    );
  });

  it("stops saying 'Searching…' when the term drops below three characters mid-search (issue 32)", async () => {
    // The register answers only when the test lets it: the search is still running when
    // the term is shortened.
    let release: () => void = () => undefined;
    const signals: Array<{ readonly aborted: boolean } | undefined> = [];
    const held: CompanySearch = {
      suggest: (_term, options) =>
        new Promise((resolve) => {
          signals.push(options?.signal);
          release = () => resolve(answer({ companyNameSuggestions: [...REGISTER] }));
        }),
    };
    const user = userEvent.setup();
    const { rendered } = renderCombobox(undefined, held);
    await rendered;
    // The search's delay passes on the fake clock; then the request runs.
    await enter("Mus");
    await waitFor(() => expect(status()).toHaveTextContent("Unternehmen werden gesucht"));
    const field = screen.getByTestId("company");
    await user.type(field, "{Backspace}");
    expect(status()).not.toHaveTextContent("Unternehmen werden gesucht");
    // The stale request itself is cancelled, not only its answer ignored.
    expect(signals.map((s) => s?.aborted)).toEqual([true]);
    // The late answer for "Mus" shows nothing for "Mu".
    await act(async () => release());
    expect(status()).toHaveTextContent(/^$/);
    expect(screen.queryAllByRole("option")).toEqual([]);
  });
});
