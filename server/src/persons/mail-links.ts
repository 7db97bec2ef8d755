import { BASE_PATH, routePath } from "@portal/core";

// core's base path without its closing slash: the paths below start with one.
const BASE = BASE_PATH.slice(0, -1);

const link = (publicUrl: string, path: string, query: Record<string, string | null>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${publicUrl}${BASE}${path}?${params.toString()}`;
};

/** The links the portal mails; all absolute, under the web app's base path (spec section 2). */
export const mailLinks = (publicUrl: string) => ({
  /**
   * The opt-in link carries the registration's key (prk) and token (prt), so the
   * confirmation page leads on to the web target the user registered from (spec 2 and 4).
   */
  optIn: (
    token: string,
    registration: { readonly prk: string | null; readonly prt: string | null },
  ) =>
    link(publicUrl, "/registrierung-bestaetigen", {
      optinId: token,
      prk: registration.prk,
      prt: registration.prt,
    }),
  emailChange: (token: string) =>
    link(publicUrl, "/konto/email-aenderung-bestaetigen", { optinId: token }),
  passwordReset: (token: string, prt: string | null) =>
    link(publicUrl, "/passwort-zuruecksetzen", { passwordResetToken: token, prt }),
  /** One-click cancel of a requested change, in the alert to the current address. */
  cancelEmailChange: (token: string) =>
    link(publicUrl, "/konto/email-aenderung-abbrechen", { token }),
  /** Restores the old address after a confirmed change, in the mail to that address. */
  revertEmailChange: (token: string) =>
    link(publicUrl, "/konto/email-aenderung-zuruecknehmen", { token }),
  deletion: (token: string) => link(publicUrl, "/konto/loeschen/bestaetigen", { optoutId: token }),
  /** Reopens an account closed by a confirmed deletion, until its erasure. */
  restoreAccount: (token: string) =>
    `${publicUrl}${routePath("restore-account")}?${new URLSearchParams({ token })}`,
  login: () => `${publicUrl}${BASE}/login`,
  passwordForgotten: () => `${publicUrl}${BASE}/passwort-vergessen`,
  /**
   * The security alerts' page of devices and activity: the route every signed-in person
   * opens (the Security page's two-factor settings are for allowed members only).
   */
  signInDevices: () => `${publicUrl}${routePath("sign-in-devices")}`,
});
