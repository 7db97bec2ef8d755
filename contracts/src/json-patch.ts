import * as Schema from "effect/Schema";
import { TELEPHONE_PARTS } from "./person.js";

/** JSON Patch operations the API accepts (spec section 4). */
export const PATCH_OPS = ["add", "replace", "remove"] as const;
export type PatchOp = (typeof PATCH_OPS)[number];

/** Every path `PATCH /persons/me` accepts (spec section 7). */
export const PATCH_PATHS = [
  "/salutation",
  "/title",
  "/givenName",
  "/surName",
  "/position",
  "/department",
  "/preferredLanguage",
  "/dateOfBirth",
  "/consentMarketing",
  "/consentRecherche",
  "/telephoneNumber",
  ...TELEPHONE_PARTS.map((part) => `/telephoneNumber/${part}` as const),
  "/unverifiedCrefonummer",
] as const;
export type PatchPath = (typeof PATCH_PATHS)[number];

/**
 * One JSON Patch operation on the person. `value` is absent for `remove`.
 *
 * @example
 * const op: PatchOperation = { op: "replace", path: "/givenName", value: "Erika" };
 */
export const PatchOperation = Schema.Struct({
  op: Schema.Literals(PATCH_OPS),
  path: Schema.Literals(PATCH_PATHS),
  value: Schema.optionalKey(Schema.Unknown),
});
export type PatchOperation = typeof PatchOperation.Type;

export const PatchDocument = Schema.Array(PatchOperation);
export type PatchDocument = typeof PatchDocument.Type;

/** Content type of a JSON Patch request. */
export const JSON_PATCH_CONTENT_TYPE = "application/json-patch+json";
