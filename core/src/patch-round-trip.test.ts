import type { Person } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { applyPersonPatch } from "./apply-patch.js";
import { type PersonForm, personToForm } from "./person-form.js";
import { diffPerson } from "./person-patch.js";
import { basePerson } from "./testing/person-fixture.js";

// A small seeded generator, so every run checks the same 400 cases.
const generator = (seed: number) => {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)] as T;
};

const pick = generator(20260521);
const SALUTATIONS = [null, "MS", "MR", "MX", "UNKNOWN"] as const;
const FORM_SALUTATIONS = ["", "MS", "MR", "MX", "UNKNOWN"] as const;
const TITLES = [null, "DR", "PROF"] as const;
const TEXTS = [null, "", "CFO", "Sales", " Sales "];
const LANGUAGES = [null, "de", "en", "fr-LU", "it"];
const DATES = [null, "1980-02-29", "1999-12-31"];
const PARTS = [null, "", "+49", "30", "12345"];
const CONSENTS = ["NOT_EXPRESSED", "GIVEN", "REFUSED"] as const;

const randomPerson = (): Person => {
  const phone = pick([true, false]);
  return {
    ...basePerson,
    salutation: pick(SALUTATIONS),
    title: pick(TITLES),
    givenName: pick(["Erika", "Anna"]),
    dateOfBirth: pick(DATES),
    telephoneNumber: phone
      ? {
          countryDialingCode: pick(PARTS),
          areaDialingCode: pick(PARTS),
          subscriberNumber: pick(PARTS),
          extensionNumber: pick(PARTS),
        }
      : null,
    position: pick(TEXTS),
    department: pick(TEXTS),
    preferredLanguage: pick(LANGUAGES),
    consentMarketing: pick(CONSENTS),
    consentRecherche: pick(CONSENTS),
  };
};

const randomEdit = (person: Person): PersonForm => {
  const date = pick(["keep", "clear-day", "1975-06-01", "2001-01-31"]);
  const form = personToForm(person);
  const [y, m, d] = date.includes("-") && !date.startsWith("clear") ? date.split("-") : [];
  return {
    ...form,
    salutation: pick([form.salutation, ...FORM_SALUTATIONS]),
    title: pick([form.title, "", "DR", "PROF"]),
    givenName: pick([form.givenName, "Erika", "Marie"]),
    birthdayDay: date === "clear-day" ? "" : (d ?? form.birthdayDay),
    birthdayMonth: m ?? form.birthdayMonth,
    birthdayYear: y ?? form.birthdayYear,
    phoneCountry: pick([form.phoneCountry, "", "+43"]),
    phoneArea: pick([form.phoneArea, "", "40"]),
    phoneSubscriber: pick([form.phoneSubscriber, "", "999"]),
    phoneExtension: pick([form.phoneExtension, "", "1"]),
    position: pick([form.position, "", "CEO"]),
    department: pick([form.department, "", "IT"]),
    // The select offers the five and the stored value (its placeholder option).
    preferredLanguage: pick([form.preferredLanguage, "", "de-AT", "fr"]),
    consentMarketing: pick([true, false]),
    consentRecherche: pick([true, false]),
  };
};

describe("diffPerson and applyPersonPatch agree (browser and server store the same person)", () => {
  const cases = Array.from({ length: 400 }, (_, i) => {
    const stored = randomPerson();
    return { i, stored, form: randomEdit(stored) };
  });

  it.each(cases)("random edit #$i: diff, apply, diff again gives nothing", ({ stored, form }) => {
    const ops = diffPerson(stored, form);
    // Deterministic: the same input gives the same operations in the same order.
    expect(diffPerson(stored, form)).toEqual(ops);
    const applied = applyPersonPatch(stored, ops);
    if (!applied.ok) throw new Error(`${JSON.stringify(applied.error)} for ${JSON.stringify(ops)}`);
    expect(diffPerson(applied.value, form)).toEqual([]);
  });
});
