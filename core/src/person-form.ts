import { type Person, PREFERRED_LANGUAGES } from "@portal/contracts";

/**
 * The personal-data form model (spec section 2, profile form). Every field is a
 * string except the consents; "" means empty. `salutation` "UNKNOWN" and "" both
 * mean "not set"; `phoneCountry` holds the dialling code as stored, e.g. "+49".
 */
export interface PersonForm {
  readonly salutation: "" | "MS" | "MR" | "MX" | "UNKNOWN";
  readonly title: "" | "DR" | "PROF";
  readonly givenName: string;
  readonly surName: string;
  readonly birthdayDay: string;
  readonly birthdayMonth: string;
  readonly birthdayYear: string;
  readonly phoneCountry: string;
  readonly phoneArea: string;
  readonly phoneSubscriber: string;
  readonly phoneExtension: string;
  readonly position: string;
  readonly department: string;
  readonly preferredLanguage: string;
  readonly consentMarketing: boolean;
  readonly consentRecherche: boolean;
}

/** A form with every field empty. */
export const EMPTY_PERSON_FORM: PersonForm = {
  salutation: "",
  title: "",
  givenName: "",
  surName: "",
  birthdayDay: "",
  birthdayMonth: "",
  birthdayYear: "",
  phoneCountry: "",
  phoneArea: "",
  phoneSubscriber: "",
  phoneExtension: "",
  position: "",
  department: "",
  preferredLanguage: "",
  consentMarketing: false,
  consentRecherche: false,
};

/**
 * Splits a stored `YYYY-MM-DD` into the three form parts; anything else gives empty parts.
 *
 * @example
 * splitBirthdate("1980-02-29"); // { birthdayDay: "29", birthdayMonth: "02", birthdayYear: "1980" }
 */
export const splitBirthdate = (
  date: string | null,
): Pick<PersonForm, "birthdayDay" | "birthdayMonth" | "birthdayYear"> => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  return m
    ? { birthdayDay: m[3] ?? "", birthdayMonth: m[2] ?? "", birthdayYear: m[1] ?? "" }
    : { birthdayDay: "", birthdayMonth: "", birthdayYear: "" };
};

/**
 * The form model of a stored person: birthdate split in three parts, a missing or
 * UNKNOWN salutation as "UNKNOWN" (shown as unset), a consent checked only when GIVEN,
 * nulls as "".
 *
 * @example
 * personToForm({ ...person, dateOfBirth: "1980-02-29", consentMarketing: "REFUSED" });
 * // { ..., birthdayDay: "29", birthdayMonth: "02", birthdayYear: "1980", consentMarketing: false }
 */
export const personToForm = (person: Person): PersonForm => {
  const phone = person.telephoneNumber;
  return {
    // A stored null is the API's way of sending UNKNOWN (spec section 3).
    salutation: person.salutation ?? "UNKNOWN",
    title: person.title ?? "",
    givenName: person.givenName,
    surName: person.surName,
    ...splitBirthdate(person.dateOfBirth),
    phoneCountry: phone?.countryDialingCode ?? "",
    phoneArea: phone?.areaDialingCode ?? "",
    phoneSubscriber: phone?.subscriberNumber ?? "",
    phoneExtension: phone?.extensionNumber ?? "",
    position: person.position ?? "",
    department: person.department ?? "",
    preferredLanguage: person.preferredLanguage ?? "",
    consentMarketing: person.consentMarketing === "GIVEN",
    consentRecherche: person.consentRecherche === "GIVEN",
  };
};

/** One option of the preferred-language select; words come from i18n via `labelKey`. */
export interface LanguageOption {
  readonly value: string;
  /** i18n key of the label: `Languages.{value}` or `Languages.placeholder`. */
  readonly labelKey: string;
  readonly placeholder: boolean;
}

/**
 * Options of the preferred-language select: the five languages, plus a placeholder
 * option first (valued with the stored language, so an untouched form stays unchanged)
 * when the stored language is not one of the five.
 *
 * @example
 * languageOptions("it").map((o) => o.value); // ["it", "de", "de-AT", "en", "fr", "fr-LU"]
 * languageOptions("en").length; // 5
 */
export const languageOptions = (
  storedLanguage: string | null | undefined,
): ReadonlyArray<LanguageOption> => {
  const five = PREFERRED_LANGUAGES.map((value) => ({
    value,
    labelKey: `Languages.${value}`,
    placeholder: false,
  }));
  const stored = storedLanguage ?? "";
  if ((PREFERRED_LANGUAGES as ReadonlyArray<string>).includes(stored)) return five;
  return [{ value: stored, labelKey: "Languages.placeholder", placeholder: true }, ...five];
};
