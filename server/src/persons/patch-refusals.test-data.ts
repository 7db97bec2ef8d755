import type { ErrorCode } from "@portal/contracts";

const phone = (parts: Record<string, string | null>) => ({
  countryDialingCode: "+49",
  areaDialingCode: "30",
  subscriberNumber: "123",
  extensionNumber: null,
  ...parts,
});

/**
 * Patches `PATCH /persons/me` refuses, with the code and field of the answer: label,
 * operations, errorCode, field. Taken from spec sections 5 and 7 and the catalogue.
 */
export const PATCH_REFUSALS: ReadonlyArray<[string, unknown[], ErrorCode, string]> = [
  [
    "an unknown path",
    [{ op: "replace", path: "/email", value: "x@y.de" }],
    "INVALID_PATCH",
    "/email",
  ],
  [
    "a __proto__ segment",
    [{ op: "add", path: "/__proto__/admin", value: true }],
    "INVALID_PATCH",
    "/__proto__/admin",
  ],
  [
    "a constructor segment",
    [{ op: "add", path: "/constructor/prototype", value: 1 }],
    "INVALID_PATCH",
    "/constructor/prototype",
  ],
  [
    "a move operation",
    [{ op: "move", from: "/title", path: "/givenName" }],
    "INVALID_PATCH",
    "/givenName",
  ],
  [
    "a removed given name",
    [{ op: "remove", path: "/givenName" }],
    "FIRSTNAME_MISSING",
    "givenName",
  ],
  [
    "a name with forbidden characters",
    [{ op: "replace", path: "/surName", value: "Mann{x}" }],
    "INVALID_NAME",
    "surName",
  ],
  [
    "a too long given name",
    [{ op: "replace", path: "/givenName", value: "E".repeat(256) }],
    "FIRSTNAME_TOO_LONG",
    "givenName",
  ],
  ["an unknown title", [{ op: "add", path: "/title", value: "SIR" }], "INVALID_TITLE", "title"],
  [
    "an impossible birth date",
    [{ op: "add", path: "/dateOfBirth", value: "1981-02-29" }],
    "INVALID_BIRTHDATE",
    "dateOfBirth",
  ],
  [
    "a birth date in the future",
    [{ op: "add", path: "/dateOfBirth", value: "2999-01-01" }],
    "INVALID_BIRTHDATE",
    "dateOfBirth",
  ],
  [
    "an area code with a leading 0",
    [
      {
        op: "add",
        path: "/telephoneNumber",
        value: phone({ areaDialingCode: "030" }),
      },
    ],
    "PHONE_AREA_CODE_INVALID",
    "telephoneNumber/areaDialingCode",
  ],
  [
    "a subscriber number with letters",
    [
      {
        op: "add",
        path: "/telephoneNumber",
        value: phone({ subscriberNumber: "12a" }),
      },
    ],
    "PHONE_SUBSCRIBER_NUMBER_INVALID",
    "telephoneNumber/subscriberNumber",
  ],
  [
    "an extension with letters",
    [
      {
        op: "add",
        path: "/telephoneNumber",
        value: phone({ extensionNumber: "x1" }),
      },
    ],
    "PHONE_EXTENTION_NUMBER_INVALID",
    "telephoneNumber/extensionNumber",
  ],
  [
    "an unknown country code",
    [
      {
        op: "add",
        path: "/telephoneNumber",
        value: phone({ countryDialingCode: "+999" }),
      },
    ],
    "PHONE_COUNTRYCODE_INVALID",
    "telephoneNumber/countryDialingCode",
  ],
  [
    "an incomplete number",
    [
      {
        op: "add",
        path: "/telephoneNumber",
        value: phone({ areaDialingCode: null }),
      },
    ],
    "PHONE_NUMBER_INVALID",
    "telephoneNumber",
  ],
  [
    "a crefonummer with letters",
    [{ op: "add", path: "/unverifiedCrefonummer", value: "12x" }],
    "INVALID_CREFONUMMER",
    "unverifiedCrefonummer",
  ],
];
