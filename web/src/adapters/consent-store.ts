/** The user's analytics choice; null while no choice was made (or the consent tool is not loaded). */
export type Consent = "granted" | "denied";

/** Where the cookie-settings choice lives. */
export interface ConsentStore {
  read(): Consent | null;
  write(consent: Consent): void;
}

/** Name of the cookie that keeps the analytics choice. */
export const CONSENT_COOKIE = "portal_analytics_consent";

/** Keeps the choice in a first-party cookie for a year. */
export function cookieConsentStore(doc: Document = document): ConsentStore {
  return {
    read() {
      const match = doc.cookie.split("; ").find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
      const value = match?.slice(CONSENT_COOKIE.length + 1);
      return value === "granted" || value === "denied" ? value : null;
    },
    write(consent) {
      const secure = doc.location?.protocol === "https:" ? "; secure" : "";
      doc.cookie = `${CONSENT_COOKIE}=${consent}; path=/; max-age=31536000; samesite=lax${secure}`;
    },
  };
}
