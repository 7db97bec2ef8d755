import { unnamedPasskeyParts } from "@portal/core";
import type { TFunction } from "i18next";

/** What the server and Keycloak write for a part they could not read. */
const UNKNOWN = "Unknown";

/** What a device is named by: its browser and system, as a list or event gives them. */
export interface DeviceParts {
  /** "Firefox", or Keycloak's "Chrome/131.0.6778" (the embedded provider: "Chrome/131"). */
  readonly browser?: string | undefined;
  readonly os?: string | undefined;
  /** "10", or "Unknown"; only the signed-in devices know it. */
  readonly osVersion?: string | undefined;
}

const known = (value: string | undefined): string | undefined => {
  const text = value?.trim() ?? "";
  return text === "" || text === UNKNOWN ? undefined : text;
};

/**
 * The one name of a device on the security page: the signed-in devices, the remembered
 * browsers and the activity all say "Firefox on Linux" for the same browser (issue 46:
 * the lists named one device differently). Versions only `withVersions`: the signed-in
 * devices add them where two rows would read alike ("Chrome 131 on Windows 10" beside
 * "Chrome 130 on Windows 10", issue 29). Unknown parts read in the reader's language.
 *
 * @example
 * deviceName(t, { browser: "Chrome/131.0.6778", os: "Windows", osVersion: "10" }); // "Chrome on Windows"
 * deviceName(t, { browser: "Chrome/131.0.6778", os: "Windows", osVersion: "10" }, true); // "Chrome 131 on Windows 10"
 */
export const deviceName = (
  t: TFunction<"account">,
  parts: DeviceParts,
  withVersions = false,
): string => {
  const [name, version = ""] = (parts.browser ?? "").split("/");
  const browser = known(name);
  const os = known(parts.os);
  const major = withVersions ? /^\d+/.exec(version)?.[0] : undefined;
  const osVersion = withVersions ? known(parts.osVersion) : undefined;
  return t("Devices.Name", {
    browser: browser ? [browser, major].filter(Boolean).join(" ") : t("Devices.UnknownBrowser"),
    os: os ? [os, osVersion].filter(Boolean).join(" ") : t("Devices.UnknownSystem"),
  });
};

/**
 * The names of a list's devices: each {@link deviceName}, with versions for the rows whose
 * plain name another row shares.
 */
export const deviceNames = (
  t: TFunction<"account">,
  rows: ReadonlyArray<DeviceParts>,
): string[] => {
  const plain = rows.map((row) => deviceName(t, row));
  return rows.map((row, i) =>
    plain.indexOf(plain[i] ?? "") !== plain.lastIndexOf(plain[i] ?? "")
      ? deviceName(t, row, true)
      : (plain[i] ?? ""),
  );
};

/**
 * A passkey's name in the reader's language: an unnamed one (core's `unnamedPasskeyParts`)
 * after the browser and system it was made in, as the devices are named, or the plain word.
 *
 * @example
 * passkeyLabel(t, "unnamed:Chrome:Linux"); // "Chrome on Linux"
 */
export const passkeyLabel = (t: TFunction<"account">, name: string): string => {
  const parts = unnamedPasskeyParts(name);
  if (parts === null) return name;
  return parts.browser ? deviceName(t, parts) : t("Security.Passkeys.Unnamed");
};
