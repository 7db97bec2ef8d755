import type { PatchOperation, Person } from "@portal/contracts";
import { type ApiResult, diffPerson, personToForm } from "@portal/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { usePerson } from "../../app/person.js";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import ProfilePage from "./profile-page.js";
import {
  findQa,
  memberClaims,
  pending,
  qa,
  queryQa,
  storedPerson,
  userClaims,
} from "./test/account-fixtures.js";

/** Replaces the stored person, as a reload or another page would. */
function Replace() {
  const { setPerson } = usePerson();
  return (
    <button type="button" onClick={() => setPerson({ ...storedPerson, givenName: "Marta" })}>
      replace
    </button>
  );
}

const success = { path: "/konto/danke", element: <p data-qa="landed-success">ok</p> };

const renderProfile = (
  person: Person = storedPerson,
  opts: {
    claims?: typeof userClaims;
    patch?: (ops: ReadonlyArray<PatchOperation>) => ApiResult<Person>;
  } = {},
) =>
  renderApp(<ProfilePage />, {
    route: "/konto",
    claims: opts.claims ?? userClaims,
    extraRoutes: [success],
    api: {
      getMe: () => answer(person),
      patchMe: (ops) => opts.patch?.(ops) ?? answer({ ...person }),
    },
  });

describe("profile page (/konto)", () => {
  it("shows a loading state while the person loads", async () => {
    await renderApp(<ProfilePage />, { claims: userClaims, api: { getMe: () => pending() } });
    expect(qa("profile-loading")).toHaveAttribute("role", "status");
  });

  it("fills the form from the stored person, with every section and no axe violations", async () => {
    const { container } = await renderProfile();
    await findQa("profile-form");
    expect(qa("profile-given-name")).toHaveValue("Erika");
    expect(qa("profile-sur-name")).toHaveValue("Mustermann");
    expect(qa("profile-salutation")).toHaveValue("MS");
    expect(qa("profile-birthday-day")).toHaveValue("29");
    expect(qa("profile-birthday-month")).toHaveValue("02");
    expect(qa("profile-birthday-year")).toHaveValue("1980");
    // The stored "+49" selects Germany's option (options are keyed by country).
    expect(qa("profile-phone-country")).toHaveValue("DE");
    expect(qa("profile-phone-area")).toHaveValue("30");
    expect(qa("profile-department")).toHaveValue("Einkauf");
    expect(qa("profile-consent-marketing")).toBeChecked();
    // Consent shown checked only when GIVEN; NOT_EXPRESSED is unchecked.
    expect(qa("profile-consent-recherche")).not.toBeChecked();
    expect(qa("profile-consents")).toHaveTextContent("Letzte Änderung (05.03.2024)");
    expect(qa("profile-email")).toHaveTextContent("erika@example.de");
    expect(qa("profile-password-masked")).not.toHaveTextContent("erika");
    expect(qa("profile-change-email")).toHaveAttribute("href", "/konto/email-aendern");
    expect(qa("profile-change-password")).toHaveAttribute("href", "/konto/passwort-aendern");
    expect(qa("profile-delete-account")).toHaveAttribute("href", "/konto/loeschen");
    for (const section of ["profile-personal-data", "profile-membership", "profile-company"])
      expect(qa(section)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 30_000);

  it("offers day 01-31, the months, 101 years and DE, AT, CH first in the dialling codes", async () => {
    await renderProfile();
    await findQa("profile-form");
    const values = (name: string) =>
      Array.from((qa(name) as HTMLSelectElement).options)
        .map((o) => o.value)
        .filter((v) => v !== "");
    expect(values("profile-birthday-day")).toHaveLength(31);
    expect(values("profile-birthday-day")[0]).toBe("01");
    expect(values("profile-birthday-month")).toHaveLength(12);
    const years = values("profile-birthday-year");
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(String(new Date().getUTCFullYear()));
    expect(values("profile-phone-country").slice(0, 3)).toEqual(["DE", "AT", "CH"]);
    // Issue 15: one option per country (about 240), each with its own name and code.
    const options = Array.from((qa("profile-phone-country") as HTMLSelectElement).options).filter(
      (o) => o.value !== "",
    );
    expect(options.length).toBeGreaterThanOrEqual(240);
    expect(options.slice(0, 3).map((o) => o.textContent)).toEqual([
      "Deutschland (+49)",
      "Österreich (+43)",
      "Schweiz (+41)",
    ]);
    const label = (iso: string) => options.find((o) => o.value === iso)?.textContent;
    expect(label("US")).toBe("Vereinigte Staaten (+1)");
    expect(label("CA")).toBe("Kanada (+1)");
    expect(label("AS")).toBe("Amerikanisch-Samoa (+1)");
  });

  it("keeps a chosen country that shares its code, and sends only the code", async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile({
      ...storedPerson,
      telephoneNumber: { ...storedPerson.telephoneNumber!, countryDialingCode: "+1" },
    });
    const country = (await findQa("profile-phone-country")) as HTMLSelectElement;
    // A stored "+1" selects the code's main country.
    expect(country).toHaveValue("US");
    await user.selectOptions(country, "CA");
    expect(country).toHaveValue("CA");
    expect(country.selectedOptions[0]).toHaveTextContent("Kanada (+1)");
    await user.selectOptions(country, "DE");
    await user.click(qa("profile-submit"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "patchMe")).toBe(true));
    expect(JSON.stringify(api.calls.find((c) => c.method === "patchMe")?.args)).toContain('"+49"');
  });

  it("adds a placeholder language option when the stored language is not one of the five", async () => {
    await renderProfile({ ...storedPerson, preferredLanguage: "it" });
    await findQa("profile-form");
    const select = qa("profile-preferred-language") as HTMLSelectElement;
    expect(select.options).toHaveLength(6);
    expect(select.options[0]).toHaveTextContent("Bitte wählen");
    expect(select).toHaveValue("it");
  });

  it("hides the delete-account button and company data for member users", async () => {
    await renderProfile(storedPerson, { claims: memberClaims });
    await findQa("profile-form");
    expect(queryQa("profile-delete-account")).toBeNull();
    expect(queryQa("profile-company")).toBeNull();
    expect(qa("profile-membership")).toBeInTheDocument();
  });

  it("keeps the submit button disabled until the form is changed, then sends exactly diffPerson's operations", async () => {
    const user = userEvent.setup();
    const sent: Array<ReadonlyArray<PatchOperation>> = [];
    const { api } = await renderProfile(storedPerson, {
      patch: (ops) => {
        sent.push(ops);
        return answer({ ...storedPerson, givenName: "Erica", consentMarketing: "REFUSED" });
      },
    });
    await findQa("profile-form");
    expect(qa("profile-submit")).toBeDisabled();
    await user.clear(qa("profile-given-name"));
    await user.paste("Erica");
    await user.click(qa("profile-consent-marketing"));
    await user.selectOptions(qa("profile-title"), "DR");
    await waitFor(() => expect(qa("profile-submit")).toBeEnabled());
    await user.click(qa("profile-submit"));
    await findQa("landed-success");
    const expected = diffPerson(storedPerson, {
      ...personToForm(storedPerson),
      givenName: "Erica",
      consentMarketing: false,
      title: "DR",
    });
    expect(sent).toEqual([expected]);
    expect(expected).toEqual(
      expect.arrayContaining([
        { op: "replace", path: "/givenName", value: "Erica" },
        { op: "add", path: "/title", value: "DR" },
        { op: "replace", path: "/consentMarketing", value: "REFUSED" },
      ]),
    );
    expect(api.calls.filter((c) => c.method === "patchMe")).toHaveLength(1);
  });

  it("disables saving as soon as a required field is emptied, and shows why on blur", async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile();
    await findQa("profile-form");
    await user.type(qa("profile-department"), " Nord");
    await user.clear(qa("profile-given-name"));
    expect(qa("profile-submit")).toBeDisabled();
    expect(queryQa("profile-given-name-error")).toBeNull();
    await user.tab();
    expect(await findQa("profile-given-name-error")).toHaveTextContent(
      "Vorname ist ein Pflichtfeld.",
    );
    expect(qa("profile-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "patchMe")).toBe(false);
  });

  it("opens the dialog patch-person-error-dialog with the correlation id when saving fails", async () => {
    const user = userEvent.setup();
    await renderProfile(storedPerson, {
      patch: () => fail(failure(400, [{ errorCode: "INVALID_NAME" }], "corr-77")),
    });
    await findQa("profile-form");
    await user.type(qa("profile-position"), "Leitung");
    await user.click(qa("profile-submit"));
    const dialog = await findQa("patch-person-error-dialog");
    expect(within(dialog).getByText("Das hat leider nicht geklappt")).toBeInTheDocument();
    expect(dialog).toHaveTextContent("corr-77");
    expect(queryQa("landed-success")).toBeNull();
    // The form keeps the user's input after a failure.
    expect(qa("profile-position")).toHaveValue("Leitung");
  });

  it("says the data changed in another window when the save answers 412 PRECONDITION_FAILED", async () => {
    const user = userEvent.setup();
    await renderProfile(storedPerson, {
      patch: () => fail(failure(412, [{ errorCode: "PRECONDITION_FAILED" }], "corr-412")),
    });
    await findQa("profile-form");
    await user.type(qa("profile-position"), "Leitung");
    await user.click(qa("profile-submit"));
    const dialog = await findQa("patch-person-error-dialog");
    expect(dialog).toHaveTextContent("in einem anderen Fenster");
    expect(dialog).toHaveTextContent("laden Sie die Seite neu");
  });

  it("resets the form from the stored person whenever it changes", async () => {
    const user = userEvent.setup();
    await renderApp(
      <>
        <ProfilePage />
        <Replace />
      </>,
      { claims: userClaims, api: { getMe: () => answer(storedPerson) } },
    );
    await findQa("profile-form");
    await user.type(qa("profile-department"), " Nord");
    await user.click(screen.getByRole("button", { name: "replace" }));
    await waitFor(() => expect(qa("profile-given-name")).toHaveValue("Marta"));
    expect(qa("profile-department")).toHaveValue("Einkauf");
    expect(qa("profile-submit")).toBeDisabled();
  });
});

describe("profile: a partly filled phone number or birthdate says why saving is off (QA #1)", () => {
  const noPhoneNoBirthdate: Person = { ...storedPerson, dateOfBirth: null, telephoneNumber: null };
  const PHONE = "Bitte geben Sie die Telefonnummer vollständig an.";
  const BIRTHDATE = "Bitte geben Sie ein vollständiges, gültiges Geburtsdatum an.";
  const AREA_CODE = "Die Vorwahl darf nur Ziffern enthalten und nicht mit 0 beginnen.";
  type User = ReturnType<typeof userEvent.setup>;
  /** The error lines printed under the parts of group `group` (not the group's own). */
  const partLines = (group: string) =>
    qa(group).querySelectorAll(".field > .field__error, .field > [data-qa$='-error']");
  // QA2 #9: the group's message is said once, for the group (it was printed under each
  // empty part, side by side on a phone); the parts it is about are marked invalid and
  // point to it.
  const cases: ReadonlyArray<{
    readonly name: string;
    readonly fill: (user: User) => Promise<void>;
    readonly leave: (user: User) => Promise<void>;
    /** The group (fieldset) whose message shows. */
    readonly group: "profile-phone" | "profile-birthdate";
    /** The parts the message is about: invalid, described by the group's line. */
    readonly invalid: ReadonlyArray<string>;
    /** The group's other parts: neither. */
    readonly valid: ReadonlyArray<string>;
    readonly text: string;
    /** A complete but wrong date is said at once (no part is left to fill). */
    readonly atOnce?: true;
  }> = [
    {
      name: "country code picked with the mouse, then the department typed into",
      fill: (user) => user.selectOptions(qa("profile-phone-country"), "AT"),
      leave: async (user) => {
        await user.click(qa("profile-department"));
        await user.type(qa("profile-department"), " Nord");
      },
      group: "profile-phone",
      invalid: ["profile-phone-area", "profile-phone-subscriber"],
      valid: ["profile-phone-country", "profile-phone-extension"],
      text: PHONE,
    },
    {
      name: "only the day picked, then the position clicked",
      fill: (user) => user.selectOptions(qa("profile-birthday-day"), "15"),
      leave: (user) => user.click(qa("profile-position")),
      group: "profile-birthdate",
      invalid: ["profile-birthday-month", "profile-birthday-year"],
      valid: ["profile-birthday-day"],
      text: BIRTHDATE,
    },
    {
      name: "an area code typed, then the position clicked",
      fill: async (user) => {
        await user.type(qa("profile-phone-area"), "30");
      },
      leave: (user) => user.click(qa("profile-position")),
      group: "profile-phone",
      invalid: ["profile-phone-country", "profile-phone-subscriber"],
      valid: ["profile-phone-area", "profile-phone-extension"],
      text: PHONE,
    },
    {
      name: "a country chosen without focusing the select, then another field changed",
      fill: async () => {
        fireEvent.change(qa("profile-phone-country"), { target: { value: "CH" } });
      },
      leave: async (user) => {
        await user.type(qa("profile-position"), "Leitung");
      },
      group: "profile-phone",
      invalid: ["profile-phone-area", "profile-phone-subscriber"],
      valid: ["profile-phone-country", "profile-phone-extension"],
      text: PHONE,
    },
    {
      name: "31 February picked, then the position clicked",
      fill: async (user) => {
        await user.selectOptions(qa("profile-birthday-day"), "31");
        await user.selectOptions(qa("profile-birthday-month"), "02");
        await user.selectOptions(qa("profile-birthday-year"), "2000");
      },
      leave: (user) => user.click(qa("profile-position")),
      group: "profile-birthdate",
      invalid: ["profile-birthday-day"],
      valid: ["profile-birthday-month", "profile-birthday-year"],
      text: BIRTHDATE,
      atOnce: true,
    },
  ];

  it.each(cases)("$name", async ({ fill, leave, group, invalid, valid, text, atOnce }) => {
    const user = userEvent.setup();
    const { container } = await renderProfile(noPhoneNoBirthdate);
    await findQa("profile-form");
    await fill(user);
    // While the person is still in the group, its other parts are not yet theirs to fill.
    if (!atOnce && document.activeElement?.closest("fieldset"))
      expect(queryQa(`${group}-error`)).toBeNull();
    await leave(user);
    const line = await findQa(`${group}-error`);
    expect(line).toHaveTextContent(text);
    expect(line).toHaveAttribute("role", "alert");
    // Once: not under the parts too.
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(partLines(group)).toHaveLength(0);
    for (const part of invalid) {
      expect(qa(part)).toHaveAttribute("aria-invalid", "true");
      expect(qa(part).getAttribute("aria-describedby")?.split(" ")).toContain(line.id);
    }
    for (const part of valid) {
      expect(qa(part)).not.toHaveAttribute("aria-invalid");
      expect(qa(part).getAttribute("aria-describedby") ?? "").not.toContain(line.id);
    }
    expect(qa("profile-submit")).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it("keeps a part's own message under the part: an area code starting with 0", async () => {
    const user = userEvent.setup();
    await renderProfile(noPhoneNoBirthdate);
    await findQa("profile-form");
    await user.selectOptions(qa("profile-phone-country"), "DE");
    await user.type(qa("profile-phone-area"), "030");
    await user.type(qa("profile-phone-subscriber"), "1234567");
    await user.click(qa("profile-position"));
    expect(await findQa("profile-phone-area-error")).toHaveTextContent(AREA_CODE);
    expect(qa("profile-phone-area")).toHaveAttribute("aria-invalid", "true");
    expect(qa("profile-phone-area")).toHaveAttribute(
      "aria-describedby",
      qa("profile-phone-area-error").id,
    );
    expect(queryQa("profile-phone-error")).toBeNull();
    expect(qa("profile-submit")).toBeDisabled();
  });

  it("says nothing about a group only passed through, or filled completely", async () => {
    const user = userEvent.setup();
    await renderProfile(noPhoneNoBirthdate);
    await findQa("profile-form");
    await user.click(qa("profile-phone-area"));
    await user.click(qa("profile-position"));
    await user.selectOptions(qa("profile-birthday-day"), "15");
    await user.selectOptions(qa("profile-birthday-month"), "06");
    await user.selectOptions(qa("profile-birthday-year"), "1990");
    await user.click(qa("profile-position"));
    await user.type(qa("profile-position"), "Leitung");
    await waitFor(() => expect(qa("profile-submit")).toBeEnabled());
    expect(document.querySelectorAll('[data-qa$="-error"]')).toHaveLength(0);
  });
});

describe("profile: a pending e-mail change (issue 15)", () => {
  it("says the change waits for the link sent to the new address, and resends it", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<ProfilePage />, {
      route: "/konto",
      claims: userClaims,
      api: {
        getMe: () => answer({ ...storedPerson, pendingEmail: "neu@example.de" }),
        resendChangeMailAddress: () => answer({ email: "neu@example.de" }),
      },
    });
    expect(await findQa("profile-pending-email-text")).toHaveTextContent(
      "Änderung auf neu@example.de ausstehend: Bitte bestätigen Sie sie über den Link, den wir an neu@example.de gesendet haben.",
    );
    expect(qa("profile-email")).toHaveTextContent("erika@example.de");
    await expectNoAxeViolations(container);
    await user.click(qa("profile-pending-email-resend"));
    expect(await screen.findByText(/neu@example\.de/, { selector: ".resend *" })).toBeVisible();
    expect(api.calls.map((c) => c.method)).toContain("resendChangeMailAddress");
  });

  it("says nothing when no change is open", async () => {
    await renderProfile();
    await findQa("profile-form");
    expect(queryQa("profile-pending-email")).toBeNull();
  });
});
