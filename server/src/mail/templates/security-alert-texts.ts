import { action, type MailBlock, type MailLanguage, paragraph } from "../mail-template.js";
import type { MailWords } from "../mail-words.js";

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

/** "Time: …" and, where known, "Device: Firefox on Linux", one line each. */
export const whenBlock = (w: MailWords, p: AlertWhen): MailBlock => {
  const lines = [w.layout("alert.time", { when: eventTime(w.language, p.at, p.timeZone) })];
  if (p.device)
    lines.push(w.layout("alert.device", { browser: p.device.browser, os: p.device.os }));
  return paragraph(lines.join("\n"));
};

/**
 * The "This wasn't me" block of every security alert: its single-use link (7 days) opens a
 * page that, after one click, ends every sign-in and blocks the current password until a
 * reset by mail (activity/secure-account-link.ts).
 */
export const wasNotMeBlocks = (w: MailWords, secureLink: string): readonly MailBlock[] => [
  paragraph(w.layout("alert.wasNotMe")),
  action(w.layout("alert.secure"), secureLink),
];

/** The closing blocks of an alert: "This wasn't me", then a new password and the devices. */
export const secureAccountBlocks = (
  w: MailWords,
  { resetLink, devicesLink, secureLink }: SecureAccountLinks & WasNotMeLink,
): readonly MailBlock[] => [
  ...wasNotMeBlocks(w, secureLink),
  paragraph(w.layout("alert.notYou")),
  action(w.layout("alert.setNew"), resetLink),
  action(w.layout("alert.devices"), devicesLink),
];

/** The alert's "This wasn't me: secure my account" link. */
export interface WasNotMeLink {
  readonly secureLink: string;
}

/** What every alert whose way back is a new password is given. */
export type AlertParams = SecureAccountLinks & AlertWhen;

/** What every security alert is given: the way back and its "This wasn't me" link. */
export type SecurityAlertParams = AlertParams & WasNotMeLink;
