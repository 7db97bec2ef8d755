import * as Schema from "effect/Schema";
import { ConsentValue, PreferredLanguage, Title } from "./person.js";

/**
 * Membership credentials handed out by a local office (spec section 1).
 *
 * @example
 * const cto: CtoZugangsdaten = { mitgliedskennung: "123456", personalPassword: "...", generalPassword: "..." };
 */
export const CtoZugangsdaten = Schema.Struct({
  mitgliedskennung: Schema.String,
  personalPassword: Schema.String,
  generalPassword: Schema.String,
});
export type CtoZugangsdaten = typeof CtoZugangsdaten.Type;

/**
 * `POST /persons/register` body (spec section 3). Salutation is omitted when
 * unknown, crefonummer only sent when not null, preferredLanguage only when present.
 *
 * @example
 * const body: RegistrationPayload = { givenName: "Erika", surname: "Muster", email: "e@x.de", password: "...", consentMarketing: "REFUSED", consentRecherche: "GIVEN", postRegistrationTargetKey: null, postRegistrationToken: null };
 */
export const RegistrationPayload = Schema.Struct({
  salutation: Schema.optionalKey(Schema.Literals(["MS", "MR", "MX"])),
  title: Schema.optionalKey(Title),
  givenName: Schema.String,
  surname: Schema.String,
  email: Schema.String,
  password: Schema.String,
  consentMarketing: ConsentValue,
  consentRecherche: ConsentValue,
  postRegistrationTargetKey: Schema.NullOr(Schema.String),
  postRegistrationToken: Schema.NullOr(Schema.String),
  crefonummer: Schema.optionalKey(Schema.String),
  ctoZugangsdaten: Schema.optionalKey(CtoZugangsdaten),
  preferredLanguage: Schema.optionalKey(PreferredLanguage),
});
export type RegistrationPayload = typeof RegistrationPayload.Type;
