import { menuItems, routeByName, routeOfPath } from "@portal/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailTokens, persons } from "../db/schema/index.js";
import { MAIL_LANGUAGES } from "../mail/mail-template.js";
import {
  linksIn,
  type Mailer,
  type MailRequest,
  type MailTemplateName,
  renderMail,
} from "../mail/mailer.js";
import { embedded, openTestDatabase } from "../test-support/databases.js";
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
  { kind: "recovery-codes-regenerated" },
];

// Issue 29: the alerts said "check under Security", a menu item only some members have.
// Issue 34: each carries its own "This wasn't me" link (issued in the database).
describe.each(embedded)(
  "security alerts link to a page every recipient can open ($name)",
  (target) => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let personId: string;
    beforeAll(async () => {
      database = await openTestDatabase(target);
      const [person] = await database.db
        .insert(persons)
        .values({ email: "e@x.de", passwordHash: "x", givenName: "E", surName: "M" })
        .returning();
      if (!person) throw new Error("no person");
      personId = person.id;
    });
    afterAll(() => database?.close());

    it.each(ALERTS.flatMap((alert) => MAIL_LANGUAGES.map((language) => ({ alert, language }))))(
      "$alert.kind/$language: the devices-and-activity page, named as in the menu",
      async ({ alert, language }) => {
        const { mailer, sent } = renderingMailer();
        await sendSecurityAlert(
          { db: database.db, mailer, publicUrl: PUBLIC_URL },
          { id: personId, email: "e@x.de", preferredLanguage: language },
          alert,
        );
        const [mail] = sent;
        const pages = linksIn(mail?.text ?? "")
          .filter((l) => l.startsWith(PUBLIC_URL))
          .map((l) => routeOfPath(new URL(l).pathname)?.name);
        // A requested change offers its cancel link first.
        // "This wasn't me" first; a requested change offers its cancel link first instead.
        const expected =
          alert.kind === "email-change-requested"
            ? [
                "cancel-mail-address-change",
                "password-forgotten",
                "sign-in-devices",
                "secure-account",
              ]
            : ["secure-account", "password-forgotten", "sign-in-devices"];
        expect(pages).toEqual(expected);
        expect(mail?.text).not.toMatch(/\b(Sicherheit|Security|Sécurité)\b/);
        expect(mail?.text).toContain(
          { de: "Anmeldung & Geräte", en: "Sign-in & devices", fr: "Connexion et appareils" }[
            language
          ],
        );
      },
    );

    it("the link is single-use, bound to the person, kept 7 days as a keyed hash only", async () => {
      const { mailer, sent } = renderingMailer();
      const at = new Date("2026-11-27T12:00:00.000Z");
      await sendSecurityAlert(
        { db: database.db, mailer, publicUrl: PUBLIC_URL },
        { id: personId, email: "e@x.de", preferredLanguage: "en" },
        { kind: "password-changed" },
        { at },
      );
      const link = linksIn(sent[0]?.text ?? "").find(
        (l) => routeOfPath(new URL(l).pathname)?.name === "secure-account",
      );
      const token = new URL(link ?? "http://x").searchParams.get("token") ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await database.db
        .select()
        .from(mailTokens)
        .where(eq(mailTokens.personId, personId));
      const row = rows.find((r) => r.createdAt.getTime() === at.getTime());
      expect(row).toMatchObject({
        kind: "SECURE_ACCOUNT",
        usedAt: null,
        payload: { sentTo: "e@x.de" },
      });
      expect(row?.expiresAt.getTime()).toBe(at.getTime() + 7 * 24 * 60 * 60 * 1000);
      // Neither the token nor its plain SHA-256 is stored.
      expect(rows.map((r) => r.tokenHash)).not.toContain(token);
      const { createHash } = await import("node:crypto");
      expect(rows.map((r) => r.tokenHash)).not.toContain(
        createHash("sha256").update(token).digest("hex"),
      );
    });

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
  },
);
