import {
  CONSENT_VALUES,
  type ErrorCode,
  PATCH_OPS,
  PATCH_PATHS,
  type PatchPath,
  type Person,
  PREFERRED_LANGUAGES,
  SALUTATIONS,
  TELEPHONE_PARTS,
  type TelephoneNumber,
  type TelephonePart,
  TITLES,
} from "@portal/contracts";
import { err, ok, type Result } from "./result.js";
import { isRealDate, isSingleLine } from "./validation/generic-rules.js";

/** Why a patch was refused: an API error code and the path at fault. */
export interface PatchError {
  readonly errorCode: ErrorCode;
  readonly field: string;
}

/** Options of {@link applyPersonPatch}. */
export interface ApplyPatchOptions {
  /** ISO date-time stamped on a consent whose value changes; omit to keep the stamps. */
  readonly now?: string;
}

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);
const includes = (list: ReadonlyArray<string>, v: unknown): boolean =>
  typeof v === "string" && list.includes(v);
const fail = (errorCode: ErrorCode, field: string) => err<PatchError>({ errorCode, field });

const EMPTY_PHONE: TelephoneNumber = {
  countryDialingCode: null,
  areaDialingCode: null,
  subscriberNumber: null,
  extensionNumber: null,
};

/** A telephone object value: only the four parts, each a string or null. */
const phoneValue = (value: unknown): TelephoneNumber | null => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (
    !entries.every(
      ([k, v]) => includes(TELEPHONE_PARTS, k) && (v === null || typeof v === "string"),
    )
  )
    return null;
  const phone: Record<string, string | null> = { ...EMPTY_PHONE };
  for (const [k, v] of entries) phone[k] = v === "" ? null : v;
  return phone as TelephoneNumber;
};

type Op = { op: "add" | "replace" | "remove"; path: PatchPath; value?: unknown };

/** Checks the shape of one raw operation: known op, allow-listed path, safe segments. */
const parseOp = (raw: unknown): Result<Op, PatchError> => {
  if (typeof raw !== "object" || raw === null) return fail("INVALID_PATCH", "");
  const { op, path, value } = raw as Record<string, unknown>;
  const where = typeof path === "string" ? path : "";
  if (where.split("/").some((s) => FORBIDDEN_SEGMENTS.has(s))) return fail("INVALID_PATCH", where);
  if (!includes(PATCH_OPS, op)) return fail("INVALID_PATCH", where);
  if (!includes(PATCH_PATHS, path)) return fail("INVALID_PATCH", where);
  if (op !== "remove" && value === undefined) return fail("INVALID_PATCH", where);
  return ok({ op: op as Op["op"], path: path as PatchPath, value });
};

// Trimming would drop a leading or trailing line break (U+2028, CR, ...) unseen: such a
// value stays as sent, so validatePersonFields refuses it.
const stringValue = (value: unknown): string | null =>
  typeof value !== "string" || value.trim() === ""
    ? null
    : isSingleLine(value)
      ? value.trim()
      : value;

/** Applies one checked operation; `p` is a fresh copy owned by the caller. */
const applyOne = (
  p: { -readonly [K in keyof Person]: Person[K] },
  { op, path, value }: Op,
  now: string | undefined,
): Result<void, PatchError> => {
  const field = path.slice(1);
  const remove = op === "remove";
  // JSON Patch: replace and a part's remove need an existing target.
  const needsTarget = op === "replace" || remove;
  switch (path) {
    case "/salutation": {
      // UNKNOWN is sent as null (spec section 3): store null.
      if (remove) p.salutation = null;
      else if (value === null || value === "UNKNOWN") p.salutation = null;
      else if (includes(SALUTATIONS, value)) p.salutation = value as Person["salutation"];
      else return fail("INVALID_REQUEST", field);
      return ok(undefined);
    }
    case "/title": {
      if (remove) p.title = null;
      else if (includes(TITLES, value)) p.title = value as Person["title"];
      else return fail("INVALID_TITLE", field);
      return ok(undefined);
    }
    case "/givenName":
    case "/surName": {
      const missing = path === "/givenName" ? "FIRSTNAME_MISSING" : "LASTNAME_MISSING";
      const text = remove ? null : stringValue(value);
      if (text === null) return fail(missing, field);
      p[path === "/givenName" ? "givenName" : "surName"] = text;
      return ok(undefined);
    }
    case "/position":
    case "/department": {
      if (!remove && typeof value !== "string") return fail("INVALID_REQUEST", field);
      p[path === "/position" ? "position" : "department"] = remove ? null : stringValue(value);
      return ok(undefined);
    }
    case "/preferredLanguage": {
      if (remove) p.preferredLanguage = null;
      else if (includes(PREFERRED_LANGUAGES, value)) p.preferredLanguage = value as string;
      else return fail("INVALID_REQUEST", field);
      return ok(undefined);
    }
    case "/dateOfBirth": {
      if (remove) p.dateOfBirth = null;
      else if (typeof value === "string" && isRealDate(value)) p.dateOfBirth = value;
      else return fail("INVALID_BIRTHDATE", field);
      return ok(undefined);
    }
    case "/consentMarketing":
    case "/consentRecherche": {
      // A consent always has a state; it can change but not disappear.
      if (remove || !includes(CONSENT_VALUES, value)) return fail("INVALID_PATCH", field);
      const key = path === "/consentMarketing" ? "consentMarketing" : "consentRecherche";
      if (p[key] !== value && now !== undefined) p[`${key}LastUpdatedAt`] = now;
      p[key] = value as Person["consentMarketing"];
      return ok(undefined);
    }
    case "/telephoneNumber": {
      if (needsTarget && p.telephoneNumber === null) return fail("INVALID_PATCH", field);
      if (remove) {
        p.telephoneNumber = null;
        return ok(undefined);
      }
      const phone = phoneValue(value);
      if (phone === null) return fail("PHONE_NUMBER_INVALID", field);
      p.telephoneNumber = phone;
      return ok(undefined);
    }
    case "/unverifiedCrefonummer": {
      if (needsTarget && p.unverifiedCrefonummer === null) return fail("INVALID_PATCH", field);
      if (remove) p.unverifiedCrefonummer = null;
      else if (typeof value === "string" && /^\d+$/.test(value)) p.unverifiedCrefonummer = value;
      else return fail("INVALID_CREFONUMMER", field);
      return ok(undefined);
    }
    default: {
      // One of /telephoneNumber/{part}.
      const part = path.slice("/telephoneNumber/".length) as TelephonePart;
      if (p.telephoneNumber === null) return fail("INVALID_PATCH", path);
      if (!remove && typeof value !== "string") return fail("PHONE_NUMBER_INVALID", path);
      const next = remove ? null : stringValue(value);
      p.telephoneNumber = { ...p.telephoneNumber, [part]: next };
      return ok(undefined);
    }
  }
};

/**
 * Applies JSON Patch operations to a person the way the server stores them, so the
 * browser's preview and the server agree. All or nothing: the first bad operation
 * refuses the whole patch with its code (`INVALID_PATCH` for an unknown op or path, a
 * `__proto__`/`constructor`/`prototype` segment, replace/remove without a target,
 * removing a consent; `INVALID_TITLE`, `INVALID_BIRTHDATE`, `FIRSTNAME_MISSING`,
 * `LASTNAME_MISSING`, `PHONE_NUMBER_INVALID`, `INVALID_CREFONUMMER`, `INVALID_REQUEST`
 * for bad values). Content rules (name characters, lengths, phone digits) are
 * {@link validatePersonFields}'s job: run it on the result.
 *
 * @example
 * applyPersonPatch(person, [{ op: "replace", path: "/givenName", value: "Erika" }]);
 * // { ok: true, value: { ...person, givenName: "Erika" } }
 */
export const applyPersonPatch = (
  person: Person,
  operations: ReadonlyArray<unknown>,
  options: ApplyPatchOptions = {},
): Result<Person, PatchError> => {
  if (!Array.isArray(operations)) return fail("INVALID_PATCH", "");
  const next = {
    ...person,
    telephoneNumber: person.telephoneNumber ? { ...person.telephoneNumber } : null,
  };
  for (const raw of operations) {
    const parsed = parseOp(raw);
    if (!parsed.ok) return parsed;
    const applied = applyOne(next, parsed.value, options.now);
    if (!applied.ok) return applied;
  }
  // A number whose parts were all removed is no number.
  if (next.telephoneNumber && TELEPHONE_PARTS.every((k) => next.telephoneNumber?.[k] === null))
    next.telephoneNumber = null;
  return ok(next);
};
