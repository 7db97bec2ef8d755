import type { RegistrationPayload } from "@portal/contracts";
import type { RegistrationQuery } from "@portal/core";

/** The registration form (spec section 3: payload fields plus the form-only ones). */
export interface RegisterValues {
  salutation: string;
  title: string;
  givenName: string;
  surname: string;
  email: string;
  password: string;
  confirmationPassword: string;
  companySearch: string;
  crefonummer: string;
  withCto: "0" | "1";
  mitgliedsnummer: string;
  mitgliedskennung: string;
  generalPassword: string;
  personalPassword: string;
  consentMarketing: boolean;
  consentRecherche: boolean;
  termsAccepted: boolean;
  /** The hidden bot trap: people never see it, bots fill it. */
  city: string;
}

/** Initial values, prefilled from the query (crefonummer, membership ID). */
export const initialRegisterValues = (
  query: RegistrationQuery,
  member: boolean,
): RegisterValues => ({
  salutation: "",
  title: "",
  givenName: "",
  surname: "",
  email: "",
  password: "",
  confirmationPassword: "",
  companySearch: "",
  crefonummer: query.autoCompanyAssignment ? (query.crefonummer ?? "") : "",
  withCto: member || query.mitgliedskennung ? "1" : "0",
  mitgliedsnummer: "",
  mitgliedskennung: query.mitgliedskennung ?? "",
  generalPassword: "",
  personalPassword: "",
  consentMarketing: false,
  consentRecherche: false,
  termsAccepted: false,
  city: "",
});

/**
 * The payload of spec section 3: salutation omitted when unknown, crefonummer only when
 * set, membership credentials only with the membership choice, preferredLanguage only
 * when present.
 */
export function registrationPayload(
  v: RegisterValues,
  extra: {
    targetKey: string | null;
    prt: string | null;
    language: RegistrationPayload["preferredLanguage"] | null;
  },
): RegistrationPayload {
  const salutation =
    v.salutation === "MS" || v.salutation === "MR" || v.salutation === "MX" ? v.salutation : null;
  const title = v.title === "DR" || v.title === "PROF" ? v.title : null;
  return {
    ...(salutation ? { salutation } : {}),
    ...(title ? { title } : {}),
    givenName: v.givenName.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    password: v.password,
    consentMarketing: v.consentMarketing ? "GIVEN" : "REFUSED",
    consentRecherche: v.consentRecherche ? "GIVEN" : "REFUSED",
    postRegistrationTargetKey: extra.targetKey,
    postRegistrationToken: extra.prt,
    ...(v.crefonummer ? { crefonummer: v.crefonummer } : {}),
    ...(v.withCto === "1"
      ? {
          ctoZugangsdaten: {
            mitgliedskennung: v.mitgliedskennung.trim(),
            personalPassword: v.personalPassword,
            generalPassword: v.generalPassword,
          },
        }
      : {}),
    ...(extra.language ? { preferredLanguage: extra.language } : {}),
  };
}
