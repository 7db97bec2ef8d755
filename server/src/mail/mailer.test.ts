import { describe, expect, it } from "vitest";
import { MAIL_LANGUAGES, mailLanguage } from "./mail-template.js";
import { linksIn, renderMail } from "./mailer.js";
import { MAIL_TEMPLATES } from "./templates/index.js";

const brand = { associationName: "Verband", homepageUrl: "https://verband.example" };

describe("mail templates", () => {
  it.each([
    ["de", "de"],
    ["de-AT", "de"],
    ["en", "en"],
    ["fr", "fr"],
    ["fr-LU", "fr"],
    [null, "de"],
    ["xx", "de"],
  ])("writes %s mails in %s", (preferred, language) => {
    expect(mailLanguage(preferred)).toBe(language);
  });

  const params = {
    givenName: "Erika",
    link: "https://x.example/l",
    loginLink: "https://x.example/a",
    resetLink: "https://x.example/b",
    devicesLink: "https://x.example/c",
    newEmail: "n@x.example",
    code: "123456",
    minutes: "10",
    // The security alerts' own parameters (issue 18).
    change: "factor-added",
    browser: "Firefox",
    os: "Linux",
    address: "192.0.2.x",
    left: 3,
    // Issue 29: the time of an alert, the cancel, revert and contact links.
    at: "2026-11-27T11:44:00.000Z",
    cancelLink: "https://x.example/c",
    revertLink: "https://x.example/r",
    contactUrl: "https://x.example/contact",
    email: "o@x.example",
    // Issue 34: "This wasn't me" in every alert, the restore link of a closed account.
    secureLink: "https://x.example/s",
    restoreLink: "https://x.example/restore",
    eraseAt: "2026-12-11T11:44:00.000Z",
  };
  const rendered = Object.keys(MAIL_TEMPLATES).flatMap((name) =>
    MAIL_LANGUAGES.map((language) => ({
      name,
      language,
      mail: renderMail(
        { to: "e@x.de", template: name, language, params } as unknown as Parameters<
          typeof renderMail
        >[0],
        brand,
      ),
    })),
  );

  it("has every template in de, en and fr, each with a subject and a text naming the association", () => {
    for (const { name, language, mail } of rendered) {
      expect(mail.subject, `${name}/${language}`).toMatch(/\S/);
      expect(mail.text, `${name}/${language}`).toContain("Verband");
    }
  });

  it("closes every mail with the one sign-off of its language, whatever the association's gender", () => {
    const signOff = { de: "Mit freundlichen Grüßen", en: "Kind regards", fr: "Cordialement," };
    for (const { name, language, mail } of rendered) {
      // The sign-off, then after the signature delimiter why the mail came.
      expect(mail.text, `${name}/${language}`).toMatch(
        new RegExp(`\\n\\n${signOff[language]}\\nVerband\\n\\n-- \\n[^\\n]+$`),
      );
      // Exactly once, and never a gendered "Ihr <name>" of a template's own.
      expect(mail.text.split("Verband").length - 1, `${name}/${language}`).toBe(1);
      expect(mail.text, `${name}/${language}`).not.toMatch(/\bIhre? Verband/);
    }
  });

  it("puts the link into the text, so the outbox lists it", () => {
    const mail = renderMail(
      {
        to: "e@x.de",
        template: "passwordReset",
        language: "en",
        params: { link: "https://p.example/r?passwordResetToken=abc&prt=1" },
      },
      brand,
    );
    expect(linksIn(mail.text)).toEqual(["https://p.example/r?passwordResetToken=abc&prt=1"]);
  });
});
