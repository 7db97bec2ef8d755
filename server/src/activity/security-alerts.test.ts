import { menuItems, routeByName, routeOfPath } from "@portal/core";
import { describe, expect, it } from "vitest";
import { MAIL_LANGUAGES } from "../mail/mail-template.js";
import {
  linksIn,
  type Mailer,
  type MailRequest,
  type MailTemplateName,
  renderMail,
} from "../mail/mailer.js";
import { type SecurityAlert, sendSecurityAlert } from "./security-alerts.js";

const PUBLIC_URL = "https://portal.example";
const brand = { associationName: "Verband", homepageUrl: "https://verband.example" };

/** A mailer that renders what it is given, as the outbox would. */
const renderingMailer = () => {
  const sent: Array<ReturnType<typeof renderMail> & { template: string }> = [];
  const mailer: Mailer = {
    transport: "outbox",
    send: async (mail) => {
      sent.push({
        ...renderMail(mail as MailRequest<MailTemplateName>, brand),
        template: mail.template,
      });
    },
  };
  return { mailer, sent };
};

const ALERTS: ReadonlyArray<SecurityAlert> = [
  { kind: "password-changed" },
  { kind: "new-device", browser: "Firefox", os: "Linux", address: "192.168.1.x" },
  {
    kind: "email-change-requested",
    newEmail: "neu@example.org",
    cancelLink: `${PUBLIC_URL}/benutzerverwaltung/konto/email-aenderung-abbrechen?token=c`,
  },
  { kind: "passkey-added" },
  { kind: "recovery-code-used", left: 3 },
];

// Issue 29: the alerts said "check under Security", a menu item only some members have.
describe("security alerts link to a page every recipient can open", () => {
  it.each(ALERTS.flatMap((alert) => MAIL_LANGUAGES.map((language) => ({ alert, language }))))(
    "$alert.kind/$language: the devices-and-activity page, named as in the menu",
    async ({ alert, language }) => {
      const { mailer, sent } = renderingMailer();
      await sendSecurityAlert(
        mailer,
        PUBLIC_URL,
        { email: "e@x.de", preferredLanguage: language },
        alert,
      );
      const [mail] = sent;
      const pages = linksIn(mail?.text ?? "")
        .filter((l) => l.startsWith(PUBLIC_URL))
        .map((l) => routeOfPath(new URL(l).pathname)?.name);
      // A requested change offers its cancel link first.
      const first = alert.kind === "email-change-requested" ? ["cancel-mail-address-change"] : [];
      expect(pages).toEqual([...first, "password-forgotten", "sign-in-devices"]);
      expect(mail?.text).not.toMatch(/\b(Sicherheit|Security|Sécurité)\b/);
      expect(mail?.text).toContain(
        { de: "Anmeldung & Geräte", en: "Sign-in & devices", fr: "Connexion et appareils" }[
          language
        ],
      );
    },
  );

  it("that page is in the menu of a person without the Security item", () => {
    expect(routeByName("sign-in-devices").access).toBe("protected");
    const plain = menuItems({
      claims: { cr_id: "p1", cr_userrole: [] },
      personLoaded: true,
      securityPrefixes: ["999"],
      securityFeatureOn: true,
    });
    expect(plain.map((m) => m.route)).toContain("sign-in-devices");
    expect(plain.map((m) => m.route)).not.toContain("security");
  });
});
