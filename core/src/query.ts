import { LINK_QUERY } from "./mailed-links.js";
import { normalizePrk } from "./web-target.js";
import { queryParams } from "./whatwg-url.js";

/** The registration screen's query, parsed. */
export interface RegistrationQuery {
  readonly prt: string | null;
  readonly prk: string | null;
  /** Only when all digits. */
  readonly crefonummer: string | null;
  /** From `mitgliedskennung` or `memberUserId`, only when all digits. */
  readonly mitgliedskennung: string | null;
  readonly showSmartSignup: boolean;
  /** Member registration disables automatic company assignment. */
  readonly autoCompanyAssignment: boolean;
}

const params = queryParams;
const digitsOnly = (value: string | null): string | null =>
  value !== null && /^\d+$/.test(value) ? value : null;
const nonEmpty = (value: string | null): string | null =>
  value === null || value.trim() === "" ? null : value.trim();

/**
 * Parses the registration query: prt; crefonummer, mitgliedskennung or memberUserId
 * accepted only when all digits; showSmartSignup 1 shows, 0 hides (shown when absent);
 * the member variant always hides smart signup and disables automatic company
 * assignment.
 *
 * @example
 * parseRegistrationQuery("?crefonummer=12a&showSmartSignup=0", { member: false });
 * // { prt: null, prk: null, crefonummer: null, mitgliedskennung: null, showSmartSignup: false, autoCompanyAssignment: true }
 */
export const parseRegistrationQuery = (
  search: string,
  options: { readonly member: boolean },
): RegistrationQuery => {
  const q = params(search);
  return {
    prt: nonEmpty(q.get(LINK_QUERY.webTargetToken)),
    prk: normalizePrk(q.get(LINK_QUERY.webTargetKey)),
    crefonummer: digitsOnly(q.get("crefonummer")),
    mitgliedskennung: digitsOnly(q.get("mitgliedskennung")) ?? digitsOnly(q.get("memberUserId")),
    showSmartSignup: !options.member && q.get("showSmartSignup") !== "0",
    autoCompanyAssignment: !options.member,
  };
};

/** Query values that carry over from one route to the next. */
const CARRIED_QUERY_KEYS = ["client_id", LINK_QUERY.webTargetKey] as const;

/**
 * `toPath` with client_id and prk from the previous route's query added (values
 * already in `toPath` win); a hash stays at the end.
 *
 * @example
 * carryOverQuery("?client_id=web&prk=SHOP&x=1", "/benutzerverwaltung/konto#top");
 * // "/benutzerverwaltung/konto?client_id=web&prk=SHOP#top"
 */
export const carryOverQuery = (fromSearch: string, toPath: string): string => {
  const from = params(fromSearch);
  const hashAt = toPath.indexOf("#");
  const hash = hashAt >= 0 ? toPath.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? toPath.slice(0, hashAt) : toPath;
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const to = queryParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : "");
  for (const key of CARRIED_QUERY_KEYS) {
    const value = from.get(key);
    if (value !== null && value !== "" && !to.has(key)) to.set(key, value);
  }
  const query = to.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
};
