import type { Company, Person } from "@portal/contracts";
import type { NewPersonRow, PersonRow } from "../db/schema/index.js";

/**
 * The person as the API shows it (`GET /persons/me`); `company` is the register entry
 * of the verified crefonummer, when there is one; `pendingEmail` the new address of an
 * open e-mail change.
 */
export const toPerson = (
  row: PersonRow,
  company: Company | null = null,
  pendingEmail: string | null = null,
): Person => ({
  id: row.id,
  crid: row.id,
  salutation: (row.salutation as Person["salutation"]) ?? null,
  title: (row.title as Person["title"]) ?? null,
  genderCode: row.genderCode,
  givenName: row.givenName,
  surName: row.surName,
  dateOfBirth: row.dateOfBirth,
  telephoneNumber: row.telephone ?? null,
  position: row.position,
  department: row.department,
  preferredLanguage: row.preferredLanguage,
  companyName: row.companyName,
  company,
  crefonummer: row.crefonummer,
  unverifiedCrefonummer: row.unverifiedCrefonummer,
  email: row.email,
  consentMarketing: row.consentMarketing as Person["consentMarketing"],
  consentRecherche: row.consentRecherche as Person["consentRecherche"],
  consentMarketingLastUpdatedAt: row.consentMarketingUpdatedAt?.toISOString() ?? null,
  consentRechercheLastUpdatedAt: row.consentRechercheUpdatedAt?.toISOString() ?? null,
  postRegistrationKey: row.postRegistrationKey,
  postRegistrationToken: row.postRegistrationToken,
  memberNumber: row.memberNumber,
  mitgliedskennung: row.mitgliedskennung,
  internalUser: row.internalUser,
  pendingEmail,
});

const instant = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

/** The columns a personal-data patch may change, from the patched {@link Person}. */
export const editableColumns = (person: Person): Partial<NewPersonRow> => ({
  salutation: person.salutation,
  title: person.title,
  givenName: person.givenName,
  surName: person.surName,
  dateOfBirth: person.dateOfBirth,
  telephone: person.telephoneNumber,
  position: person.position,
  department: person.department,
  preferredLanguage: person.preferredLanguage,
  unverifiedCrefonummer: person.unverifiedCrefonummer,
  companyName: person.companyName,
  consentMarketing: person.consentMarketing,
  consentRecherche: person.consentRecherche,
  consentMarketingUpdatedAt: instant(person.consentMarketingLastUpdatedAt),
  consentRechercheUpdatedAt: instant(person.consentRechercheLastUpdatedAt),
});
