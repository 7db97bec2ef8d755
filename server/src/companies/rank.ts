import type { CompanySuggestion } from "@portal/contracts";

/** Spec: at most 10 suggestions. */
export const MAX_SUGGESTIONS = 10;

/** A matching register row with what ranking needs. */
export interface Candidate {
  readonly crefonummer: string;
  readonly name: string;
  readonly city: string;
  /** Normalised name with one leading space (see normalise.ts). */
  readonly nameSearch: string;
  /** Length of the normalised name. */
  readonly nameLength: number;
}

/** 0 exact name, 1 the name starts with the phrase, 2 the words match elsewhere. */
const tier = (c: Candidate, phrase: string): number =>
  c.nameSearch === ` ${phrase}` ? 0 : c.nameSearch.startsWith(` ${phrase}`) ? 1 : 2;

/**
 * Best first, at most {@link MAX_SUGGESTIONS}: the exact name, then names starting with
 * the phrase, then the others; within each, shorter names first, then crefonummer.
 *
 * @example
 * rankCandidates(rows, "muller bau")[0]?.name; // "Müller Bau GmbH" before "Bauer Müller GmbH"
 */
export const rankCandidates = (
  candidates: readonly Candidate[],
  phrase: string,
): CompanySuggestion[] =>
  candidates
    .map((c) => ({ c, tier: tier(c, phrase) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.c.nameLength - b.c.nameLength ||
        (a.c.crefonummer < b.c.crefonummer ? -1 : a.c.crefonummer > b.c.crefonummer ? 1 : 0),
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ c }) => ({ crefonummer: c.crefonummer, name: c.name, city: c.city }));
