import { err, ok, type Result } from "@portal/core";
import { searchWords } from "./normalise.js";

/** Spec section 9: autocomplete starts at 3 characters. */
export const MIN_TERM_LENGTH = 3;
// Longer than any company name: a bigger term is not a search but an abuse.
export const MAX_TERM_LENGTH = 120;

/** A decoded suggestion term: a crefonummer prefix (digits only) or name words. */
export type SearchTerm =
  | { readonly kind: "crefonummer"; readonly digits: string }
  | { readonly kind: "name"; readonly words: readonly string[]; readonly phrase: string };

/** Why a term is refused; the route answers 400 INVALID_REQUEST with it. */
export type SearchTermError = "TERM_TOO_SHORT" | "TERM_TOO_LONG" | "TERM_WITHOUT_WORDS";

/**
 * Decodes the `{term}` of the smart-signup call: digits only means a crefonummer
 * prefix; anything else is split into normalised words (case and accents ignored).
 *
 * @example
 * parseSearchTerm("Müller Bau"); // ok({ kind: "name", words: ["muller", "bau"], phrase: "muller bau" })
 * parseSearchTerm("20"); // err("TERM_TOO_SHORT")
 */
export const parseSearchTerm = (raw: string): Result<SearchTerm, SearchTermError> => {
  const term = raw.trim();
  if ([...term].length < MIN_TERM_LENGTH) return err("TERM_TOO_SHORT");
  if ([...term].length > MAX_TERM_LENGTH) return err("TERM_TOO_LONG");
  if (/^\d+$/.test(term)) return ok({ kind: "crefonummer", digits: term });
  const words = searchWords(term);
  if (words.length === 0) return err("TERM_WITHOUT_WORDS");
  return ok({ kind: "name", words, phrase: words.join(" ") });
};
