import { PATCH_OPS, PATCH_PATHS } from "@portal/contracts";
import fc from "fast-check";
import { nastyString, textWithForbiddenCharacter } from "./hostile-strings.js";

// JSON Patch documents for PATCH /persons/me that the API must refuse: invalid operations,
// paths and values, and well-formed patches with hostile text.

/** JSON Patch documents with at least one operation the API must refuse (whole patch). */
export const invalidPatch: fc.Arbitrary<unknown> = (() => {
  const validOp = fc.record({
    op: fc.constantFrom(...PATCH_OPS),
    path: fc.constantFrom("/title", "/position", "/department"),
    value: fc.constantFrom("PROF", "Leitung", "Einkauf"),
  });
  const badOp = fc.oneof(
    // Unknown operations of RFC 6902 and beyond.
    fc.record({
      op: fc.constantFrom("move", "copy", "test", "merge", "_get", "", "ADD"),
      path: fc.constantFrom(...PATCH_PATHS),
      from: fc.constant("/givenName"),
      value: nastyString,
    }),
    // Paths outside the allow-list, prototype paths included.
    fc.record({
      op: fc.constantFrom(...PATCH_OPS),
      path: fc.oneof(
        fc.constantFrom(
          "/__proto__",
          "/__proto__/polluted",
          "/constructor/prototype/polluted",
          "/telephoneNumber/__proto__",
          "/email",
          "/id",
          "/crid",
          "/passwordHash",
          "/givenName/0",
          "",
          "/",
          "givenName",
        ),
        nastyString,
      ),
      value: fc.jsonValue(),
    }),
    // Allowed paths with values of the wrong kind.
    fc.record({
      op: fc.constantFrom("add", "replace"),
      path: fc.constantFrom(
        "/salutation",
        "/dateOfBirth",
        "/consentMarketing",
        "/preferredLanguage",
      ),
      value: fc.oneof(
        fc.integer(),
        fc.constant("KING"),
        fc.constant("31.02.2000"),
        fc.constant({}),
      ),
    }),
    fc.record({
      op: fc.constantFrom("add", "replace"),
      path: fc.constantFrom("/givenName", "/surName"),
      value: fc.oneof(
        fc.constant("a".repeat(256)),
        fc.constant("<b>$" + "{x}</b>"),
        fc.constant(""),
        fc.integer(),
      ),
    }),
    // Operations that are no objects or lack their fields.
    fc.oneof(
      fc.constant(null),
      fc.integer(),
      nastyString,
      fc.constant({}),
      fc.constant({ op: "add" }),
    ),
  );
  return fc.oneof(
    fc
      .tuple(fc.array(validOp, { maxLength: 3 }), badOp, fc.array(validOp, { maxLength: 2 }))
      .map(([before, bad, after]) => [...before, bad, ...after]),
    fc.oneof(
      fc.constant({}),
      fc.constant(null),
      nastyString,
      fc.record({ op: fc.constant("add") }),
    ),
  );
})();

/** A valid telephone number of the patch tests. */
const PHONE = {
  countryDialingCode: "+49",
  areaDialingCode: "30",
  subscriberNumber: "123456",
  extensionNumber: null,
};

/**
 * JSON Patch documents that are well-formed but carry hostile text: a forbidden
 * character in a name, position or department or in a phone part, or a phone part,
 * crefonummer or text over its maximum. The API refuses each with a coded 400.
 */
export const hostileTextPatch: fc.Arbitrary<unknown[]> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("/givenName", "/surName", "/position", "/department"),
      textWithForbiddenCharacter.map((v) => `Erika${v}`),
    )
    .map(([path, value]) => [{ op: "add", path, value }]),
  fc
    .tuple(
      fc.constantFrom(
        "areaDialingCode",
        "subscriberNumber",
        "extensionNumber",
        "countryDialingCode",
      ),
      fc.oneof(
        textWithForbiddenCharacter.map((v) => `12${v}`),
        fc.integer({ min: 13, max: 60_000 }).map((n) => "1".repeat(n)),
      ),
      fc.boolean(),
    )
    .map(([part, value, whole]) =>
      whole
        ? [{ op: "add", path: "/telephoneNumber", value: { ...PHONE, [part]: value } }]
        : [
            { op: "add", path: "/telephoneNumber", value: PHONE },
            { op: "replace", path: `/telephoneNumber/${part}`, value },
          ],
    ),
  fc
    .oneof(
      fc.integer({ min: 11, max: 60_000 }).map((n) => "2".repeat(n)),
      textWithForbiddenCharacter.map((v) => `201${v}`),
    )
    .map((value) => [{ op: "add", path: "/unverifiedCrefonummer", value }]),
  fc
    .tuple(
      fc.constantFrom("/givenName", "/surName", "/position", "/department"),
      fc.integer({ min: 256, max: 60_000 }),
    )
    .map(([path, n]) => [{ op: "add", path, value: "a".repeat(n) }]),
);
