import {
  CONSENT_TEXT_VERSIONS,
  type ConsentChange,
  type ConsentKind,
  type ConsentSource,
  type ConsentValue,
} from "@portal/contracts";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { consentChanges } from "../db/schema/index.js";

/** Both consents of a person, as the person's row holds them. */
export interface Consents {
  readonly consentMarketing: string;
  readonly consentRecherche: string;
}

/** How a change came about: from where, in which language the text was shown, when. */
export interface ConsentContext {
  readonly source: ConsentSource;
  readonly language: string;
  readonly at: Date;
}

const COLUMNS = [
  ["marketing", "consentMarketing"],
  ["recherche", "consentRecherche"],
] as const satisfies readonly (readonly [ConsentKind, keyof Consents])[];

/**
 * Records each consent whose value differs between `before` and `after`. `before` null
 * is a registration: a consent given or refused is recorded, one left NOT_EXPRESSED is no
 * decision and is not. Call it with the transaction that writes the person's row, so the
 * proof and the value are written together or not at all.
 *
 * @example
 * await recordConsentChanges(tx, person.id, current, written, { source: "profile", language: "fr", at: now });
 */
export const recordConsentChanges = async (
  db: Executor,
  personId: string,
  before: Consents | null,
  after: Consents,
  context: ConsentContext,
): Promise<number> => {
  const rows = COLUMNS.filter(([, column]) =>
    before === null ? after[column] !== "NOT_EXPRESSED" : before[column] !== after[column],
  ).map(([consent, column]) => ({
    personId,
    consent,
    value: after[column],
    source: context.source,
    language: context.language,
    textVersion: CONSENT_TEXT_VERSIONS[consent],
    createdAt: context.at,
  }));
  if (rows.length > 0) await db.insert(consentChanges).values(rows);
  return rows.length;
};

/** Every recorded change of a person's consents, newest (last written) first. */
export const consentHistoryOf = async (
  db: Executor,
  personId: string,
): Promise<ConsentChange[]> => {
  const rows = await db
    .select()
    .from(consentChanges)
    .where(eq(consentChanges.personId, personId))
    .orderBy(desc(consentChanges.seq));
  return rows.map((row) => ({
    consent: row.consent as ConsentKind,
    value: row.value as ConsentValue,
    at: row.createdAt.toISOString(),
    source: row.source as ConsentSource,
    language: row.language,
    textVersion: row.textVersion,
  }));
};
