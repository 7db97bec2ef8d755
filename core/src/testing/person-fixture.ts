import type { Person } from "@portal/contracts";
import { type HttpFailure, httpFailure } from "../http-failure.js";

/** A stored person with every optional field empty; tests override what they need. */
export const basePerson: Person = {
  id: "p-1",
  crid: null,
  salutation: null,
  title: null,
  genderCode: null,
  givenName: "Erika",
  surName: "Mustermann",
  dateOfBirth: null,
  telephoneNumber: null,
  position: null,
  department: null,
  preferredLanguage: null,
  companyName: null,
  company: null,
  crefonummer: null,
  unverifiedCrefonummer: null,
  email: "erika@example.de",
  consentMarketing: "NOT_EXPRESSED",
  consentRecherche: "NOT_EXPRESSED",
  consentMarketingLastUpdatedAt: null,
  consentRechercheLastUpdatedAt: null,
  postRegistrationKey: null,
  postRegistrationToken: null,
  memberNumber: null,
  mitgliedskennung: null,
  internalUser: false,
};

/** A person with every field filled. */
export const fullPerson: Person = {
  ...basePerson,
  salutation: "MS",
  title: "DR",
  dateOfBirth: "1980-02-29",
  telephoneNumber: {
    countryDialingCode: "+49",
    areaDialingCode: "30",
    subscriberNumber: "123456",
    extensionNumber: "7",
  },
  position: "CFO",
  department: "Finance",
  preferredLanguage: "de",
  consentMarketing: "GIVEN",
  consentRecherche: "REFUSED",
};

/** A failed response with the given body. */
export const failureWith = (body: unknown, extra: Partial<HttpFailure> = {}): HttpFailure =>
  httpFailure({ status: 400, url: "/api/user-management/persons/me", body, ...extra });
