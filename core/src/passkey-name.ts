/**
 * A passkey the person did not name: stored without words of any language ("unnamed", or
 * with the browser and system it was made in, "unnamed:Chrome:Linux") and named in the
 * reader's language where it is shown ("Chrome on Linux", "Chrome unter Linux", "Passkey").
 * Issue 46: a default name stayed in the language the passkey was made in.
 */

/** The stored name of a passkey nobody named. */
export const UNNAMED_PASSKEY = "unnamed";

const UNKNOWN = "Unknown";
const SEPARATOR = ":";
// Each part as it goes into the stored name: no separator, at most 26 characters, so
// "unnamed:" and both parts stay within the 64 characters of a name.
const part = (value: string | undefined): string =>
  value === undefined || value === UNKNOWN
    ? ""
    : value.replaceAll(SEPARATOR, " ").trim().slice(0, 26);

/**
 * The stored name of a passkey left unnamed, made in `browser` on `os` (either may be
 * unknown: "Unknown" or absent).
 *
 * @example
 * unnamedPasskey("Chrome", "Linux"); // "unnamed:Chrome:Linux"
 * unnamedPasskey("Unknown", "Unknown"); // "unnamed"
 */
export const unnamedPasskey = (browser?: string, os?: string): string => {
  const b = part(browser);
  if (b === "") return UNNAMED_PASSKEY;
  const o = part(os);
  return [UNNAMED_PASSKEY, b, ...(o === "" ? [] : [o])].join(SEPARATOR);
};

/**
 * What an unnamed passkey's stored name holds, or null for a name somebody gave.
 *
 * @example
 * unnamedPasskeyParts("unnamed:Chrome:Linux"); // { browser: "Chrome", os: "Linux" }
 * unnamedPasskeyParts("unnamed"); // {}
 * unnamedPasskeyParts("Laptop"); // null
 */
export const unnamedPasskeyParts = (
  name: string,
): { readonly browser?: string; readonly os?: string } | null => {
  const [head, browser, os, ...rest] = name.split(SEPARATOR);
  if (head !== UNNAMED_PASSKEY || rest.length > 0) return null;
  return { ...(browser ? { browser } : {}), ...(os ? { os } : {}) };
};
