import * as Schema from "effect/Schema";
import { PREFERRED_LANGUAGES, SALUTATIONS, TITLES } from "./person-values.js";

export const Salutation = Schema.Literals(SALUTATIONS);
export type Salutation = typeof Salutation.Type;

export const Title = Schema.Literals(TITLES);
export type Title = typeof Title.Type;

export const PreferredLanguage = Schema.Literals(PREFERRED_LANGUAGES);
export type PreferredLanguage = typeof PreferredLanguage.Type;

/** Consent states of spec section 3. */
export const CONSENT_VALUES = ["NOT_EXPRESSED", "GIVEN", "REFUSED"] as const;
export const ConsentValue = Schema.Literals(CONSENT_VALUES);
export type ConsentValue = typeof ConsentValue.Type;

/** The four parts of a telephone number, also the JSON Patch sub-paths. */
export const TELEPHONE_PARTS = [
  "countryDialingCode",
  "areaDialingCode",
  "subscriberNumber",
  "extensionNumber",
] as const;
export type TelephonePart = (typeof TELEPHONE_PARTS)[number];

/**
 * A telephone number split in its parts.
 *
 * @example
 * const phone: TelephoneNumber = { countryDialingCode: "+49", areaDialingCode: "30", subscriberNumber: "123456", extensionNumber: null };
 */
export const TelephoneNumber = Schema.Struct({
  countryDialingCode: Schema.NullOr(Schema.String),
  areaDialingCode: Schema.NullOr(Schema.String),
  subscriberNumber: Schema.NullOr(Schema.String),
  extensionNumber: Schema.NullOr(Schema.String),
});
export type TelephoneNumber = typeof TelephoneNumber.Type;

/** A company of the register: crefonummer and representatives. */
export const Company = Schema.Struct({
  crefonummer: Schema.String,
  name: Schema.optionalKey(Schema.String),
  representatives: Schema.Array(Schema.String),
});
export type Company = typeof Company.Type;

/**
 * The person as `GET /persons/me` returns it (spec section 3).
 *
 * @example
 * Schema.decodeUnknownSync(Person)(json).givenName;
 */
export const Person = Schema.Struct({
  id: Schema.String,
  crid: Schema.NullOr(Schema.String),
  salutation: Schema.NullOr(Salutation),
  title: Schema.NullOr(Title),
  genderCode: Schema.NullOr(Schema.String),
  givenName: Schema.String,
  surName: Schema.String,
  dateOfBirth: Schema.NullOr(Schema.String),
  telephoneNumber: Schema.NullOr(TelephoneNumber),
  position: Schema.NullOr(Schema.String),
  department: Schema.NullOr(Schema.String),
  // A stored language outside the five is possible (legacy data); the form
  // then shows a placeholder option, so the type stays an open string.
  preferredLanguage: Schema.NullOr(Schema.String),
  companyName: Schema.NullOr(Schema.String),
  company: Schema.NullOr(Company),
  crefonummer: Schema.NullOr(Schema.String),
  unverifiedCrefonummer: Schema.NullOr(Schema.String),
  email: Schema.String,
  consentMarketing: ConsentValue,
  consentRecherche: ConsentValue,
  consentMarketingLastUpdatedAt: Schema.NullOr(Schema.String),
  consentRechercheLastUpdatedAt: Schema.NullOr(Schema.String),
  postRegistrationKey: Schema.NullOr(Schema.String),
  postRegistrationToken: Schema.NullOr(Schema.String),
  memberNumber: Schema.NullOr(Schema.String),
  mitgliedskennung: Schema.NullOr(Schema.String),
  internalUser: Schema.Boolean,
  /**
   * The new address of an e-mail change awaiting its confirmation link (null or absent
   * when none is open); the address stays `email` until the link is followed.
   */
  pendingEmail: Schema.optional(Schema.NullOr(Schema.String)),
});
export type Person = typeof Person.Type;
