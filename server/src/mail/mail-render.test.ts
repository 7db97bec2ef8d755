import { describe, expect, it } from "vitest";
import { escapeHtml } from "./mail-html.js";
import { MAIL_LANGUAGES, type MailBrand } from "./mail-template.js";
import { type MailRequest, type MailTemplateName, renderMail } from "./mailer.js";
import { MAIL_TEMPLATES } from "./templates/index.js";

const brand: MailBrand = {
  associationName: "Verband",
  homepageUrl: "https://verband.example",
  legalNoticeUrl: "https://verband.example/impressum",
};

const params = {
  link: "https://portal.example/benutzerverwaltung/registrierung-bestaetigen?optinId=abc&x=1",
  loginLink: "https://portal.example/benutzerverwaltung/login",
  resetLink: "https://portal.example/benutzerverwaltung/passwort-vergessen",
  devicesLink: "https://portal.example/benutzerverwaltung/sicherheit/anmeldung",
  newEmail: "neu@example.org",
  code: "123456",
  minutes: 10,
  browser: "Firefox",
  os: "Linux",
  address: "192.168.1.x",
  change: "passkey-added",
  left: 3,
  at: "2026-11-27T11:44:00.000Z",
  device: { browser: "Firefox", os: "Linux" },
  cancelLink: "https://portal.example/benutzerverwaltung/konto/email-aenderung-abbrechen?token=c",
  restoreLink: "https://portal.example/benutzerverwaltung/konto/wiederherstellen?token=r",
  eraseAt: "2026-12-11T09:30:00.000Z",
  revertLink:
    "https://portal.example/benutzerverwaltung/konto/email-aenderung-zuruecknehmen?token=r",
  contactUrl: "https://verband.example",
  secureLink: "https://portal.example/benutzerverwaltung/konto/sichern?token=s",
  previous: false,
  factorsPaused: true,
  email: "alt@example.org",
};

const render = (template: MailTemplateName, language: string, p: object = params, b = brand) =>
  renderMail({ to: "e@x.de", template, language, params: p } as MailRequest<MailTemplateName>, b);

const fromHtml = (html: string): string =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** Every link of an HTML part: its target, whether it is a button, and its text. */
const anchors = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*style="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, style, text]) => ({
      href: fromHtml(href ?? ""),
      button: style?.includes("display:inline-block") ?? false,
      text: fromHtml(text ?? ""),
    }),
  );

const templateNames = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];
const cases = templateNames.flatMap((name) =>
  MAIL_LANGUAGES.map((language) => ({ name, language })),
);
const linksOf: Record<MailTemplateName, string[]> = {
  optIn: [params.link],
  alreadyRegistered: [params.loginLink, params.resetLink],
  emailChangeConfirm: [params.link],
  // One remedy, one button (issue 46): the revert, which leads on to a new password.
  emailChanged: [params.revertLink],
  emailReverted: [params.resetLink, params.devicesLink],
  passwordReset: [params.link],
  accountDeletion: [params.link],
  accountDeleted: [],
  accountClosed: [params.restoreLink],
  loginCode: [],
  // Security alerts carry no sign-in button (issue 29): "This wasn't me" (issue 34), the
  // way back, then the page of devices and activity.
  passwordChangedAlert: [params.secureLink, params.resetLink, params.devicesLink],
  newDeviceAlert: [params.secureLink, params.resetLink, params.devicesLink],
  emailChangeRequestedAlert: [
    params.cancelLink,
    params.resetLink,
    params.devicesLink,
    params.secureLink,
  ],
  factorChangedAlert: [params.secureLink, params.resetLink, params.devicesLink],
  recoveryCodeUsedAlert: [params.secureLink, params.resetLink, params.devicesLink],
  recoveryCodesRegeneratedAlert: [params.secureLink, params.resetLink, params.devicesLink],
  accountRestoredAlert: [params.secureLink, params.resetLink, params.devicesLink],
  // After "This wasn't me": a new reset mail, should the first one not arrive.
  accountSecured: [params.resetLink],
};

describe("every mail in de, en and fr", () => {
  it.each(cases)("$name/$language: subject, lang, title and preheader", ({ name, language }) => {
    const mail = render(name, language);
    expect(mail.subject).toMatch(language === "fr" ? /^Verband : \S/ : /^Verband: \S/);
    expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${language}" dir="ltr">`));
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    // The preview text: hidden, and the body's first words rather than the greeting.
    const preheader = /<div style="display:none;[^"]*">([^<]*?)&#847;/.exec(mail.html)?.[1];
    expect(preheader?.length).toBeGreaterThan(10);
    // The heading is the subject without the association's name.
    const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)?.[1] ?? "";
    expect(mail.subject.toLowerCase()).toContain(fromHtml(heading).toLowerCase());
  });

  it.each(cases)(
    "$name/$language: each action a button whose link is written out and in the text",
    ({ name, language }) => {
      const mail = render(name, language);
      const links = anchors(mail.html).filter((a) => a.href !== brand.legalNoticeUrl);
      const buttons = links.filter((a) => a.button);
      const written = links.filter((a) => !a.button);
      expect(buttons.map((b) => b.href)).toEqual(linksOf[name]);
      // Below each button its link, written out: the text of the link is its target.
      expect(written.map((w) => w.href)).toEqual(linksOf[name]);
      for (const w of written) expect(w.text).toBe(w.href);
      for (const link of linksOf[name]) expect(mail.text).toContain(link);
    },
  );

  it.each(cases)(
    "$name/$language: the text part carries the content, no markup",
    ({ name, language }) => {
      const mail = render(name, language);
      expect(mail.text).not.toMatch(/<[a-z/!]/i);
      // Every paragraph of the HTML part is in the text part, word for word.
      const paragraphs = [...mail.html.matchAll(/<p style="[^"]*">([^<]+)<\/p>/g)].map((m) =>
        fromHtml(m[1] ?? ""),
      );
      expect(paragraphs.length).toBeGreaterThan(1);
      for (const p of paragraphs.filter((p) => !p.startsWith("Verband"))) {
        expect(mail.text).toContain(p);
      }
    },
  );

  it.each(cases)("$name/$language: brand header, sign-off and footer", ({ name, language }) => {
    const mail = render(name, language);
    expect(mail.html).toContain('bgcolor="#004b87"');
    expect(mail.html).toMatch(/>Verband<\/td>/);
    expect(mail.html).toContain(`<a href="${brand.legalNoticeUrl}"`);
    expect(mail.text).toMatch(/\nVerband\n\n-- \n.+\.$/);
  });
});

describe("account deletion", () => {
  it.each(MAIL_LANGUAGES)("the deletion link's button is red, as the app's (%s)", (language) => {
    const mail = render("accountDeletion", language);
    const cell = /<td align="center" bgcolor="([^"]+)"/.exec(mail.html)?.[1];
    expect(cell).toBe("#b00020");
    expect(mail.html).toContain("border:2px solid #b00020");
  });

  it.each(MAIL_LANGUAGES)("the erasure's confirmation carries no link at all (%s)", (language) => {
    const mail = render("accountDeleted", language, {});
    const links = anchors(mail.html).filter((a) => a.href !== brand.legalNoticeUrl);
    expect(links).toEqual([]);
    expect(mail.text).not.toMatch(/https?:/);
    expect(mail.text).toMatch(/\n\n-- \n.+\.$/);
  });
});

describe('the support contact in every mail\'s footer (issue 46: "contact us" without a way to)', () => {
  const support = {
    email: "kundenservice@verband.example",
    phone: "+49 211 1234-0",
    url: "https://verband.example/kontakt",
  };

  it.each(cases)("$name/$language: the address, phone and page as links", ({ name, language }) => {
    const mail = render(name, language, params, { ...brand, support });
    const links = anchors(mail.html);
    expect(links).toContainEqual({
      href: "mailto:kundenservice@verband.example",
      button: false,
      text: "kundenservice@verband.example",
    });
    expect(links).toContainEqual({
      href: "tel:+4921112340",
      button: false,
      text: "+49 211 1234-0",
    });
    expect(links.map((l) => l.href)).toContain("https://verband.example/kontakt");
    expect(mail.text).toContain(
      "kundenservice@verband.example · +49 211 1234-0 · https://verband.example/kontakt",
    );
  });

  it.each(MAIL_LANGUAGES)(
    "the e-mail-changed mail: one button, the restore; the contact in its footer (%s)",
    (language) => {
      const mail = render("emailChanged", language, params, {
        ...brand,
        support: { email: "kundenservice@verband.example" },
      });
      const buttons = anchors(mail.html).filter((a) => a.button);
      expect(buttons.map((b) => b.href)).toEqual([params.revertLink]);
      expect(anchors(mail.html).map((a) => a.href)).toContain(
        "mailto:kundenservice@verband.example",
      );
    },
  );
});

describe("escaping", () => {
  const attack = "<img src=x onerror=alert(1)>";

  it.each(MAIL_LANGUAGES)(
    "an address with markup is text in HTML and as written in text (%s)",
    (language) => {
      const mail = render("emailChanged", language, {
        ...params,
        newEmail: `${attack}@example.org`,
      });
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;@example.org");
      expect(mail.text).toContain(`${attack}@example.org`);
    },
  );

  it("escapes the association's name in title, header, sign-off and footer", () => {
    const mail = render("optIn", "de", params, { ...brand, associationName: attack });
    expect(mail.html).not.toContain("<img");
    expect(mail.html.split("&lt;img src=x onerror=alert(1)&gt;").length - 1).toBe(5);
    expect(mail.subject).toBe(`${attack}: Bitte bestätigen Sie Ihre E-Mail-Adresse`);
  });

  it("escapes quotes and ampersands in links and refuses links that are not http(s)", () => {
    const link = 'https://portal.example/a?b=1&c="><script>alert(1)</script>';
    const mail = render("passwordReset", "en", { link });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(() => render("passwordReset", "en", { link: "javascript:alert(1)" })).toThrow(/http/);
    expect(() => render("passwordReset", "en", { link: "data:text/html,x" })).toThrow(/http/);
  });

  it("leaves the legal notice out of the footer when none is configured", () => {
    const mail = render("optIn", "de", params, {
      associationName: "Verband",
      homepageUrl: "https://verband.example",
    });
    expect(mail.html).not.toContain("Impressum");
  });
});
