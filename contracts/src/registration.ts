import * as Schema from "effect/Schema";
import { ConsentValue, PreferredLanguage, Title } from "./person.js";
import { EmailText, NewPassword } from "./requests.js";
import { BoundedSecret, Crefonummer, SingleLineText } from "./text-fields.js";
import { MAX_LENGTHS } from "./text-limits.js";
import { WebTargetKey } from "./web-target.js";

/**
 * Membership credentials handed out by a local office (spec section 1).
 *
 * @example
 * const cto: CtoZugangsdaten = { mitgliedskennung: "123456", personalPassword: "...", generalPassword: "..." };
 */
export const CtoZugangsdaten = Schema.Struct({
  mitgliedskennung: SingleLineText(MAX_LENGTHS.mitgliedskennung, {
    tooLong: "INVALID_MEMBER_USER_ID",
    invalid: "INVALID_MEMBER_USER_ID",
  }),
  // No such credentials can exist: the combination is wrong.
  personalPassword: BoundedSecret(MAX_LENGTHS.membershipPassword, "CTO_ZUGANGSDATEN_INVALID"),
  generalPassword: BoundedSecret(MAX_LENGTHS.membershipPassword, "CTO_ZUGANGSDATEN_INVALID"),
});
export type CtoZugangsdaten = typeof CtoZugangsdaten.Type;

/**
 * `POST /persons/register` body (spec section 3). Salutation is omitted when
 * unknown, crefonummer only sent when not null, preferredLanguage only when present.
 * Lengths and characters: see `text-fields.ts`.
 *
 * @example
 * const body: RegistrationPayload = { givenName: "Erika", surname: "Muster", email: "e@x.de", password: "...", consentMarketing: "REFUSED", consentRecherche: "GIVEN", postRegistrationTargetKey: null, postRegistrationToken: null };
 */
export const RegistrationPayload = Schema.Struct({
  salutation: Schema.optionalKey(Schema.Literals(["MS", "MR", "MX"])),
  title: Schema.optionalKey(Title),
  givenName: SingleLineText(MAX_LENGTHS.text, {
    tooLong: "FIRSTNAME_TOO_LONG",
    invalid: "INVALID_NAME",
  }),
  surname: SingleLineText(MAX_LENGTHS.text, {
    tooLong: "LASTNAME_TOO_LONG",
    invalid: "INVALID_NAME",
  }),
  email: EmailText,
  password: NewPassword,
  consentMarketing: ConsentValue,
  consentRecherche: ConsentValue,
  postRegistrationTargetKey: Schema.NullOr(WebTargetKey),
  postRegistrationToken: Schema.NullOr(
    SingleLineText(MAX_LENGTHS.postRegistrationToken, {
      tooLong: "INVALID_REQUEST",
      invalid: "INVALID_REQUEST",
    }),
  ),
  crefonummer: Schema.optionalKey(Crefonummer),
  ctoZugangsdaten: Schema.optionalKey(CtoZugangsdaten),
  preferredLanguage: Schema.optionalKey(PreferredLanguage),
});
export type RegistrationPayload = typeof RegistrationPayload.Type;
