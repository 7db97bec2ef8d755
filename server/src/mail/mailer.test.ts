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

  it("has every template in de, en and fr, each with a subject and a text naming the association", () => {
    for (const [name, template] of Object.entries(MAIL_TEMPLATES)) {
      for (const language of MAIL_LANGUAGES) {
        const render = template[language] as (
          p: Record<string, string>,
          b: typeof brand,
        ) => {
          subject: string;
          text: string;
        };
        const mail = render(
          {
            givenName: "Erika",
            link: "https://x.example/l",
            loginLink: "https://x.example/a",
            resetLink: "https://x.example/b",
            newEmail: "n@x.example",
            code: "123456",
          },
          brand,
        );
        expect(mail.subject, `${name}/${language}`).toMatch(/\S/);
        expect(mail.text, `${name}/${language}`).toContain("Verband");
      }
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
