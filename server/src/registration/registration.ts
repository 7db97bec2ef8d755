import type { ConsentValue, RegistrationPayload } from "@portal/contracts";
import { normaliseEmail } from "@portal/core";
import { lookupCompanyName } from "../companies/lookup.js";
import { type NewPersonRow, persons } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { AppDeps } from "../http/app-deps.js";
import { checkMembership, membershipFailureStatus } from "../memberships/membership-check.js";
import { linkMembership } from "../memberships/membership-link.js";
import { recordConsentChanges } from "../persons/consent-history.js";
import { mailLinks } from "../persons/mail-links.js";
import { issueToken } from "../persons/mail-tokens.js";
import { rememberPassword } from "../persons/password-store.js";
import { sendAlreadyRegisteredMail } from "../persons/person-mails.js";
import { findAnyPersonByEmail } from "../persons/person-store.js";
import { hashPassword } from "../security/password-hash.js";

const stamp = (consent: ConsentValue, now: Date): Date | null =>
  consent === "NOT_EXPRESSED" ? null : now;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: unknown }).code === "23505" ||
    isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * Registers a person from a validated payload: one transaction writes the person, the
 * first password-history entry, the membership link and the opt-in token; then the
 * opt-in mail goes out. An address that has an account gets BACKEND_VALIDATION_ERROR,
 * nothing is written, and that address is told about the attempt. `language` is the one
 * the consent texts were shown in (recorded with each consent given or refused).
 */
export const registerPerson = async (
  deps: AppDeps,
  payload: RegistrationPayload,
  language: string,
): Promise<void> => {
  const { db } = deps.database;
  const email = normaliseEmail(payload.email);
  const now = deps.clock.now();
  const links = mailLinks(deps.config.publicUrl);

  const existing = await findAnyPersonByEmail(db, email);
  if (existing) {
    // A closed account (a deletion's grace period) gets no mail, but keeps its address.
    if (existing.closedAt === null) await sendAlreadyRegisteredMail(deps, existing);
    throw apiError(409, "BACKEND_VALIDATION_ERROR", "email");
  }

  const membership = payload.ctoZugangsdaten
    ? await checkMembership(db, payload.ctoZugangsdaten, now)
    : undefined;
  if (membership && !membership.ok) {
    throw apiError(membershipFailureStatus(membership.error), membership.error, "ctoZugangsdaten");
  }
  // Member registration takes the company from the membership, not from the search field.
  const crefonummer = membership ? null : (payload.crefonummer ?? null);
  const companyName = crefonummer ? await lookupCompanyName(db, crefonummer) : null;
  const passwordHash = await hashPassword(payload.password);

  const row: NewPersonRow = {
    email,
    passwordHash,
    passwordChangedAt: now,
    salutation: payload.salutation ?? null,
    title: payload.title ?? null,
    givenName: payload.givenName.trim(),
    surName: payload.surname.trim(),
    preferredLanguage: payload.preferredLanguage ?? null,
    unverifiedCrefonummer: crefonummer,
    companyName,
    consentMarketing: payload.consentMarketing,
    consentRecherche: payload.consentRecherche,
    consentMarketingUpdatedAt: stamp(payload.consentMarketing, now),
    consentRechercheUpdatedAt: stamp(payload.consentRecherche, now),
    postRegistrationKey: payload.postRegistrationTargetKey,
    postRegistrationToken: payload.postRegistrationToken,
    createdAt: now,
    updatedAt: now,
  };

  let token: string;
  try {
    token = await deps.database.transaction(async (tx) => {
      const [person] = await tx.insert(persons).values(row).returning({ id: persons.id });
      if (!person) throw new Error("person insert returned nothing");
      await rememberPassword(tx, person.id, passwordHash, now);
      await recordConsentChanges(tx, person.id, null, payload, {
        source: "registration",
        language,
        at: now,
      });
      if (membership?.ok && !(await linkMembership(tx, membership.value, person.id, now))) {
        throw apiError(409, "MITGLIEDSKENNUNG_ALREADY_REGISTERED", "ctoZugangsdaten");
      }
      return issueToken(tx, { kind: "OPT_IN", personId: person.id, now });
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the second one loses here.
    if (isUniqueViolation(error)) throw apiError(409, "BACKEND_VALIDATION_ERROR", "email");
    throw error;
  }

  await deps.mailer.send({
    to: email,
    template: "optIn",
    language: payload.preferredLanguage,
    params: {
      link: links.optIn(token, {
        prk: payload.postRegistrationTargetKey,
        prt: payload.postRegistrationToken,
      }),
    },
  });
};
