import { describe, expect, it } from "vitest";
import { MAIL_LANGUAGES } from "../mail-template.js";
import { type MailRequest, type MailTemplateName, renderMail } from "../mailer.js";
import { eventTime } from "./security-alert-texts.js";

// Issue 29: alert mails gave no time of the event, no device, carried a "Sign in" button
// (a pattern security mail should avoid) and the e-mail-changed mail no way back.

const brand = { associationName: "Verband", homepageUrl: "https://verband.example" };
const base = {
  resetLink: "https://portal.example/benutzerverwaltung/passwort-vergessen",
  devicesLink: "https://portal.example/benutzerverwaltung/sicherheit/anmeldung",
  secureLink: "https://portal.example/benutzerverwaltung/konto/sichern?token=s",
  at: "2026-11-27T11:44:00.000Z",
  device: { browser: "Firefox", os: "Linux" },
};
const ALERTS: ReadonlyArray<readonly [MailTemplateName, object]> = [
  ["passwordChangedAlert", base],
  ["newDeviceAlert", { ...base, browser: "Firefox", os: "Linux", address: "192.168.1.x" }],
  ["factorChangedAlert", { ...base, change: "passkey-added" }],
  ["recoveryCodeUsedAlert", { ...base, left: 3 }],
  ["recoveryCodesRegeneratedAlert", base],
  [
    "emailChangeRequestedAlert",
    { ...base, newEmail: "neu@example.org", cancelLink: "https://portal.example/c?token=c" },
  ],
  [
    "emailChanged",
    {
      ...base,
      newEmail: "neu@example.org",
      revertLink: "https://portal.example/r?token=r",
    },
  ],
  ["accountRestoredAlert", base],
];
const render = (template: MailTemplateName, language: string, params: object) =>
  renderMail({ to: "e@x.de", template, language, params } as MailRequest<MailTemplateName>, brand);

describe("security alert mails", () => {
  it("name the time in Europe/Berlin with its zone, per language", () => {
    expect(eventTime("de", base.at)).toBe(
      "27. November 2026 um 12:44 (Mitteleuropäische Normalzeit)",
    );
    expect(eventTime("en", base.at)).toBe(
      "27 November 2026 at 12:44 (Central European Standard Time)",
    );
    expect(eventTime("fr", base.at)).toMatch(
      /^27 novembre 2026 à 12:44 \(heure normale d.Europe centrale\)$/,
    );
    // Summer time is named as such; a known zone of the person is used instead.
    expect(eventTime("en", "2026-07-01T10:00:00.000Z")).toBe(
      "1 July 2026 at 12:00 (Central European Summer Time)",
    );
    expect(eventTime("en", base.at, "America/New_York")).toMatch(
      /06:44 \(Eastern Standard Time\)$/,
    );
  });

  it.each(
    ALERTS.flatMap(([name, params]) =>
      MAIL_LANGUAGES.map((language) => ({ name, language, params })),
    ),
  )("$name/$language: time, device, no sign-in link", ({ name, language, params }) => {
    const mail = render(name, language, params);
    expect(mail.text).toContain(eventTime(language, base.at));
    expect(mail.text).toMatch(/Firefox (unter|on|sous) Linux/);
    expect(mail.text).not.toContain("/login");
    expect(mail.html).not.toMatch(/>(Anmelden|Sign in|Se connecter)</);
  });

  // Issue 34: every alert carries it; not the mail to the old address after a change, whose
  // one remedy is the revert (issue 46).
  it.each(
    ALERTS.filter(([name]) => name !== "emailChanged").flatMap(([name, params]) =>
      MAIL_LANGUAGES.map((language) => ({ name, language, params })),
    ),
  )('$name/$language: the "This wasn\'t me" button', ({ name, language, params }) => {
    const mail = render(name, language, params);
    const label = {
      de: "Das war ich nicht: Konto sichern",
      en: "This wasn't me: secure my account",
      fr: "Ce n'était pas moi : sécuriser mon compte",
    }[language];
    expect(mail.text).toContain(base.secureLink);
    expect(mail.html).toContain(`href="${base.secureLink}"`);
    expect(mail.text).toContain(label);
  });

  // Issue 46: it offered two remedies (restore the address, secure the account) and four
  // buttons. Securing mails its reset link to the new address, whoever holds it: the one
  // remedy from the old address is the revert, whose page leads on to a new password.
  it.each(MAIL_LANGUAGES)(
    "the e-mail-changed mail offers one remedy with one button, the revert (%s)",
    (language) => {
      const [, params] = ALERTS[6] ?? [];
      const mail = render("emailChanged", language, params ?? {});
      const buttons = [...mail.html.matchAll(/<a href="([^"]*)"[^>]*display:inline-block/g)];
      expect(buttons.map(([, href]) => href)).toEqual(["https://portal.example/r?token=r"]);
      expect(mail.text).not.toContain(base.secureLink);
      expect(mail.text).not.toContain(base.resetLink);
    },
  );

  it.each(MAIL_LANGUAGES)(
    "the change-requested alert offers the cancel link first (%s)",
    (language) => {
      const [, params] = ALERTS[5] ?? [];
      const mail = render("emailChangeRequestedAlert", language, params ?? {});
      expect(mail.text.indexOf("https://portal.example/c?token=c")).toBeLessThan(
        mail.text.indexOf(base.resetLink),
      );
    },
  );
});
