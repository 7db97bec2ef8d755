import { SHARED_TEXTS } from "@portal/core";
import { action, type MailBlock, type MailLanguage, paragraph } from "../mail-template.js";

/**
 * Where a person who did not do it secures the account: a new password by the
 * password-forgotten link, then the page of their devices and activity ("Sign-in &
 * devices", which every signed-in person has). No "sign in" button: a security mail that
 * asks for a sign-in is what phishing mails imitate; the devices link names its page.
 */
export interface SecureAccountLinks {
  readonly resetLink: string;
  readonly devicesLink: string;
}

/** When and where the event happened, as every alert names it. */
export interface AlertWhen {
  /** The moment of the event (ISO 8601). */
  readonly at: string;
  /** The person's time zone when the system knows it; Europe/Berlin otherwise. */
  readonly timeZone?: string | undefined;
  /** Browser and system of the request that did it, when known. */
  readonly device?: { readonly browser: string; readonly os: string } | undefined;
}

/** The zone the portal's people live in, named in the mail as it is not theirs for sure. */
export const DEFAULT_TIME_ZONE = "Europe/Berlin";

const LOCALES: Record<MailLanguage, string> = { de: "de-DE", en: "en-GB", fr: "fr-FR" };

/**
 * The moment in the mail's language with its zone named, e.g. "27. November 2026 um
 * 12:44 (Mitteleuropäische Normalzeit)": a reader in another zone can convert it.
 */
export const eventTime = (language: MailLanguage, at: string, timeZone?: string): string => {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const date = new Date(at);
  const when = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: zone,
  }).format(date);
  const zoneName = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: zone,
    timeZoneName: "long",
  })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  return zoneName ? `${when} (${zoneName})` : when;
};

const WHEN_WORDS = {
  de: { time: "Zeitpunkt", device: "Gerät", on: "unter" },
  en: { time: "Time", device: "Device", on: "on" },
  fr: { time: "Date et heure", device: "Appareil", on: "sous" },
} as const satisfies Record<MailLanguage, Record<string, string>>;

/** "Time: …" and, where known, "Device: Firefox on Linux", one line each. */
export const whenBlock = (language: MailLanguage, p: AlertWhen): MailBlock => {
  const w = WHEN_WORDS[language];
  const colon = language === "fr" ? " :" : ":";
  const lines = [`${w.time}${colon} ${eventTime(language, p.at, p.timeZone)}`];
  if (p.device) lines.push(`${w.device}${colon} ${p.device.browser} ${w.on} ${p.device.os}`);
  return paragraph(lines.join("\n"));
};

/** The closing blocks of an alert whose way back is a new password, per language. */
export const secureAccountBlocks = (
  language: MailLanguage,
  { resetLink, devicesLink }: SecureAccountLinks,
): readonly MailBlock[] =>
  ({
    de: [
      paragraph(
        `Waren Sie das nicht, setzen Sie bitte sofort ein neues Passwort; damit werden alle Anmeldungen beendet. Danach können Sie unter „${SHARED_TEXTS.de.SignInDevices.title}“ Ihre Geräte und Aktivitäten prüfen.`,
      ),
      action(SHARED_TEXTS.de.Password.setNew, resetLink),
      action(SHARED_TEXTS.de.SignInDevices.title, devicesLink),
    ],
    en: [
      paragraph(
        `If this was not you, please set a new password at once; this ends every sign-in. Then check your devices and activity under “${SHARED_TEXTS.en.SignInDevices.title}”.`,
      ),
      action(SHARED_TEXTS.en.Password.setNew, resetLink),
      action(SHARED_TEXTS.en.SignInDevices.title, devicesLink),
    ],
    fr: [
      paragraph(
        `Si ce n'était pas vous, définissez immédiatement un nouveau mot de passe ; toutes les connexions seront fermées. Vérifiez ensuite vos appareils et votre activité sous « ${SHARED_TEXTS.fr.SignInDevices.title} ».`,
      ),
      action(SHARED_TEXTS.fr.Password.setNew, resetLink),
      action(SHARED_TEXTS.fr.SignInDevices.title, devicesLink),
    ],
  })[language];

/** "Firefox on Linux, 192.168.1.x" in the mail's language. */
export const deviceLine = (
  language: MailLanguage,
  d: { readonly browser: string; readonly os: string; readonly address: string },
): string => `${d.browser} ${WHEN_WORDS[language].on} ${d.os}, ${d.address}`;

/** What every alert whose way back is a new password is given. */
export type AlertParams = SecureAccountLinks & AlertWhen;
