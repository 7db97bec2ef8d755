import {
  type ConsentValue,
  type PatchOperation,
  type Person,
  TELEPHONE_PARTS,
  type TelephonePart,
} from "@portal/contracts";
import type { PersonForm } from "./person-form.js";

/** The text fields diffed by the "both empty / add / replace / remove" rule. */
const TEXT_PATCH_FIELDS = [
  "title",
  "givenName",
  "surName",
  "position",
  "department",
  "preferredLanguage",
] as const;
type TextField = (typeof TEXT_PATCH_FIELDS)[number];

/** Form field of each telephone part, in the order of `TELEPHONE_PARTS`. */
const PHONE_FORM_FIELDS = {
  countryDialingCode: "phoneCountry",
  areaDialingCode: "phoneArea",
  subscriberNumber: "phoneSubscriber",
  extensionNumber: "phoneExtension",
} as const satisfies Record<TelephonePart, keyof PersonForm>;

const clean = (value: string | null | undefined): string => (value ?? "").trim();
const isUnsetSalutation = (value: string | null | undefined): boolean =>
  clean(value) === "" || value === "UNKNOWN";

/** "both empty: nothing; none before: add; changed: replace; cleared: remove". */
const diffValue = (
  path: PatchOperation["path"],
  before: string,
  after: string,
): PatchOperation[] => {
  if (before === after) return [];
  if (before === "") return [{ op: "add", path, value: after }];
  if (after === "") return [{ op: "remove", path }];
  return [{ op: "replace", path, value: after }];
};

const diffSalutation = (stored: Person, form: PersonForm): PatchOperation[] => {
  const before = isUnsetSalutation(stored.salutation) ? "" : clean(stored.salutation);
  const after = isUnsetSalutation(form.salutation) ? "" : form.salutation;
  return diffValue("/salutation", before, after);
};

const diffText = (field: TextField, stored: Person, form: PersonForm): PatchOperation[] =>
  diffValue(`/${field}`, clean(stored[field]), clean(form[field]));

/**
 * The date the three parts give (`YYYY-MM-DD`, day and month zero-padded), or null
 * when any part is empty.
 *
 * @example
 * formBirthdate({ birthdayDay: "5", birthdayMonth: "3", birthdayYear: "1980" }); // "1980-03-05"
 */
export const formBirthdate = (
  form: Pick<PersonForm, "birthdayDay" | "birthdayMonth" | "birthdayYear">,
): string | null => {
  const [d, m, y] = [clean(form.birthdayDay), clean(form.birthdayMonth), clean(form.birthdayYear)];
  if (d === "" || m === "" || y === "") return null;
  return `${y.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
};

const diffBirthdate = (stored: Person, form: PersonForm): PatchOperation[] =>
  // A cleared part gives null, so "a cleared part removes the date" is the remove branch.
  diffValue("/dateOfBirth", clean(stored.dateOfBirth), formBirthdate(form) ?? "");

const diffTelephone = (stored: Person, form: PersonForm): PatchOperation[] => {
  const after = TELEPHONE_PARTS.map(
    (part) => [part, clean(form[PHONE_FORM_FIELDS[part]])] as const,
  );
  const phone = stored.telephoneNumber;
  if (phone === null) {
    const filled = after.filter(([, v]) => v !== "");
    if (filled.length === 0) return [];
    return [{ op: "add", path: "/telephoneNumber", value: Object.fromEntries(filled) }];
  }
  if (after.every(([, v]) => v === "")) return [{ op: "remove", path: "/telephoneNumber" }];
  return after.flatMap(([part, value]): PatchOperation[] => {
    const before = clean(phone[part]);
    const path = `/telephoneNumber/${part}` as const;
    if (before === value) return [];
    // The stored object always holds every part (null when empty), so a part that
    // was empty is replaced, never added (spec: "replace changed parts").
    return value === "" ? [{ op: "remove", path }] : [{ op: "replace", path, value }];
  });
};

const diffConsent = (
  field: "consentMarketing" | "consentRecherche",
  stored: Person,
  form: PersonForm,
): PatchOperation[] => {
  // The checkbox shows GIVEN as checked; anything else (NOT_EXPRESSED, REFUSED) as unchecked.
  if ((stored[field] === "GIVEN") === form[field]) return [];
  const value: ConsentValue = form[field] ? "GIVEN" : "REFUSED";
  return [{ op: "replace", path: `/${field}`, value }];
};

/**
 * The JSON Patch operations that turn the stored person into the form's values
 * (every patch rule of spec section 4). Text values are trimmed. The order is fixed:
 * salutation, title, givenName, surName, position, department, preferredLanguage,
 * dateOfBirth, consentMarketing, consentRecherche, telephoneNumber (parts in the order
 * country, area, subscriber, extension) — the order of `PATCH_PATHS`.
 *
 * @example
 * diffPerson(stored, { ...personToForm(stored), givenName: "Erika", consentMarketing: true });
 * // [{ op: "replace", path: "/givenName", value: "Erika" },
 * //  { op: "replace", path: "/consentMarketing", value: "GIVEN" }]
 */
export const diffPerson = (stored: Person, form: PersonForm): PatchOperation[] => [
  ...diffSalutation(stored, form),
  ...TEXT_PATCH_FIELDS.flatMap((field) => diffText(field, stored, form)),
  ...diffBirthdate(stored, form),
  ...diffConsent("consentMarketing", stored, form),
  ...diffConsent("consentRecherche", stored, form),
  ...diffTelephone(stored, form),
];
