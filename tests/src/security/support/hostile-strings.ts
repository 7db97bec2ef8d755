import fc from "fast-check";

// Hostile strings of the bad-input suites: text that breaks naive code, and the characters
// no single-line field may hold (issue 14).

// Strings that break naive code: huge, unicode (RTL, astral, combining, NUL), markup, SQL.
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202Eevil\u202C",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧",
    "e\u0301\u0301\u0301",
    "<script>alert(1)</script>",
    "'; drop table persons; --",
    "$" + "{7*7}{{7*7}}",
    "../../../etc/passwd",
    "%00%2e%2e%2f",
    "a".repeat(10_000),
    "ä".repeat(40_000),
  ),
);

/**
 * One of each kind of character no single-line field may hold (issue 14): C0 and C1
 * controls, DEL, line and paragraph separators, bidirectional controls, zero-width
 * characters, a BOM, a tag character, a lone surrogate.
 */
export const FORBIDDEN_TEXT_CHARACTERS: ReadonlyArray<string> = [
  "\u0000",
  "\u0001",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u2028",
  "\u2029",
  "\u200e",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u{e0041}",
  "\ud800",
  "\udfff",
];

/** A string with one forbidden character somewhere in ordinary text. */
export const textWithForbiddenCharacter: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9 .@-]{0,6}$/),
    fc.constantFrom(...FORBIDDEN_TEXT_CHARACTERS),
    fc.stringMatching(/^[A-Za-z0-9 .@-]{0,6}$/),
  )
  .map(([a, c, b]) => `${a}${c}${b}`);
