// Letters that NFKD does not split into a base letter and a mark.
const FOLDED: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ł: "l",
  ı: "i",
};

/**
 * Case- and accent-insensitive form of a company name or a search term: lower case,
 * accents removed (ü -> u, é -> e, ß -> ss), every run of other characters (spaces,
 * punctuation, "&") turned into one space. Names and terms go through the same function,
 * so "Müller & Söhne" and "muller sohne" meet.
 *
 * @example
 * normaliseForSearch("Bäckerei Groß GmbH & Co. KG"); // "backerei gross gmbh co kg"
 */
export const normaliseForSearch = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (c) => FOLDED[c] ?? c)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The stored `name_search` value: the normalised name with one leading space. */
export const nameSearchValue = (name: string): string => ` ${normaliseForSearch(name)}`;

/** The words of a search term, each to be matched as a word prefix. */
export const searchWords = (term: string): string[] =>
  normaliseForSearch(term)
    .split(" ")
    .filter((w) => w.length > 0);
