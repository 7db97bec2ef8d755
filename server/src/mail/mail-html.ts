import { escapeHtml } from "@portal/core";
import {
  type MailBlock,
  type MailBody,
  type MailBrand,
  type MailLanguage,
  subjectOf,
} from "./mail-template.js";
import { MAIL_THEME as T } from "./mail-theme.js";
import { type MailWords, mailWords } from "./mail-words.js";

/**
 * The HTML part of every mail: one layout for mail clients (Outlook, Gmail, Apple Mail) —
 * tables for structure, inline styles only (no stylesheet, no web font, no image), at most
 * 600 px wide and fluid below that, so it reads at 390 px without media queries. Outlook for
 * Windows ignores `max-width`, so a conditional table holds it at 600 px there.
 *
 * Templates hand in plain text only; this module escapes every value (the association's
 * name, addresses, codes) and accepts only http(s) links, so no template can put markup or a
 * `javascript:` link into a mail.
 */

/** Escapes text for HTML content and double-quoted attribute values (core's one rule). */
export { escapeHtml };

/** Escaped text with its line breaks kept. */
const lines = (text: string): string => escapeHtml(text).replace(/\n/g, "<br>");

/** A link's `href`: absolute http(s) only (mail links come from the server's own config). */
const safeHref = (href: string): string => {
  const { protocol } = new URL(href);
  // mailto: and tel: only for the support contact, whose values the config checked.
  if (!["https:", "http:", "mailto:", "tel:"].includes(protocol)) {
    throw new Error(`mail links must be http(s), mailto: or tel:, not ${protocol}`);
  }
  return escapeHtml(href);
};

const style = (rules: Readonly<Record<string, string | number>>): string =>
  Object.entries(rules)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");

const TEXT = style({
  margin: "0 0 16px",
  "font-family": T.font,
  "font-size": "16px",
  "line-height": "24px",
  color: T.text,
});
const SMALL = style({
  margin: "0 0 24px",
  "font-family": T.font,
  "font-size": "13px",
  "line-height": "20px",
  color: T.muted,
});
const LINK = style({ color: T.brand, "text-decoration": "underline", "word-break": "break-all" });

/**
 * A "bulletproof" button: a padded link in a coloured cell, so it shows without images or
 * CSS support. The first action is filled (brand, or red for `danger`), later ones outlined.
 */
const button = (label: string, href: string, primary: boolean, danger: boolean): string => {
  const colour = danger ? T.danger : T.brand;
  const filled = primary || danger;
  const background = filled ? colour : T.surface;
  const link = style({
    display: "inline-block",
    padding: "14px 24px",
    border: `2px solid ${colour}`,
    "border-radius": "6px",
    "font-family": T.font,
    "font-size": "16px",
    "line-height": "20px",
    "font-weight": "700",
    color: filled ? T.onBrand : colour,
    "text-decoration": "none",
  });
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td align="center" bgcolor="${background}" style="${style({ "border-radius": "6px", "background-color": background })}"><a href="${safeHref(href)}" target="_blank" rel="noopener" style="${link}">${escapeHtml(label)}</a></td></tr></table>`;
};

const block = (item: MailBlock, language: MailLanguage, primary: boolean): string => {
  switch (item.kind) {
    case "paragraph":
      return `<p style="${TEXT}">${lines(item.text)}</p>`;
    case "action":
      return [
        item.intro === undefined ? "" : `<p style="${TEXT}">${lines(item.intro)}</p>`,
        button(item.label, item.href, primary, item.tone === "danger"),
        // A mailto: button needs no address to copy into a browser.
        item.href.startsWith("mailto:")
          ? ""
          : `<p style="${SMALL}">${escapeHtml(mailWords(language, "layout").layout("linkFallback"))}<br><a href="${safeHref(item.href)}" target="_blank" rel="noopener" style="${LINK}">${escapeHtml(item.href)}</a></p>`,
      ].join("");
    case "code":
      return `<p style="${TEXT}">${lines(item.intro)}</p><p style="margin:0 0 24px"><span style="${style(
        {
          display: "inline-block",
          padding: "12px 20px",
          "background-color": T.codeSurface,
          "border-radius": "6px",
          "font-family": T.mono,
          "font-size": "28px",
          "line-height": "36px",
          "letter-spacing": "6px",
          "font-weight": "700",
          color: T.text,
        },
      )}">${escapeHtml(item.code)}</span></p>`;
  }
};

const firstUpper = (text: string, language: MailLanguage): string =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/**
 * The preview line inboxes show after the subject: the body's first sentence rather than
 * the header's association name and the greeting.
 */
export const preheaderOf = (body: MailBody, language: MailLanguage): string => {
  const first = body.blocks[0];
  const text =
    first === undefined
      ? body.title
      : first.kind === "paragraph"
        ? first.text
        : first.kind === "code"
          ? `${first.intro} ${first.code}`
          : (first.intro ?? first.label);
  return firstUpper(text.replace(/\s*:\s*$/, "").replace(/\s+/g, " "), language);
};

const MAILTO = "mailto:";
const TEL = "tel:";

/** The footer's support line: the address (mailto:), the phone (tel:) and the contact page. */
const supportHtml = (w: MailWords, brand: MailBrand): string => {
  const { support } = brand;
  if (!support) return "";
  // Whole: an address broken across two lines on a phone reads as two.
  const link = (href: string, label: string) =>
    `<a href="${safeHref(href)}" style="${LINK};white-space:nowrap">${escapeHtml(label)}</a>`;
  const ways = [
    link(MAILTO + support.email, support.email),
    ...(support.phone ? [link(TEL + support.phone.replace(/[^\d+]/g, ""), support.phone)] : []),
    ...(support.url ? [link(support.url, w.layout("supportPage"))] : []),
  ];
  return `<p style="${SMALL};margin:0 0 8px">${escapeHtml(w.layout("support"))} ${ways.join(" · ")}</p>\n`;
};

// Fills the preview after the preheader, so clients do not pull the header's text into it.
const PREVIEW_FILLER = "&#847;&zwnj;&nbsp;".repeat(40);

/**
 * The HTML part of a mail.
 *
 * @example
 * mailHtml({ title: "Passwort zurücksetzen", greeting: "Hallo,", blocks, reason: "account" }, "de", brand);
 */
export const mailHtml = (body: MailBody, language: MailLanguage, brand: MailBrand): string => {
  const w = mailWords(language, "layout");
  const subject = escapeHtml(subjectOf(body, language, brand));
  const association = escapeHtml(brand.associationName);
  let actions = 0;
  const content = body.blocks
    .map((item) => block(item, language, item.kind === "action" && actions++ === 0))
    .join("");
  const legal =
    brand.legalNoticeUrl === undefined
      ? ""
      : ` · <a href="${safeHref(brand.legalNoticeUrl)}" target="_blank" rel="noopener" style="${LINK}">${escapeHtml(w.layout("legalNotice"))}</a>`;
  const table = `role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"`;
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background-color:${T.canvas}">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px">${escapeHtml(preheaderOf(body, language))}${PREVIEW_FILLER}</div>
<div role="article" aria-roledescription="email" aria-label="${subject}" lang="${language}" dir="ltr" style="background-color:${T.canvas}">
<table ${table} style="background-color:${T.canvas}"><tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="${T.maxWidth}" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table ${table} style="width:100%;max-width:${T.maxWidth}px;margin:0 auto">
<tr><td bgcolor="${T.brand}" style="${style({
    "background-color": T.brand,
    padding: "20px 24px",
    "border-radius": "8px 8px 0 0",
    "font-family": T.font,
    "font-size": "20px",
    "line-height": "28px",
    "font-weight": "700",
    color: T.onBrand,
  })}">${association}</td></tr>
<tr><td bgcolor="${T.surface}" style="${style({
    "background-color": T.surface,
    padding: "32px 24px 16px",
    border: `1px solid ${T.border}`,
    "border-top": "0",
    "border-radius": "0 0 8px 8px",
  })}">
<h1 style="${style({
    margin: "0 0 24px",
    "font-family": T.font,
    "font-size": "24px",
    "line-height": "32px",
    "font-weight": "700",
    color: T.text,
  })}">${escapeHtml(firstUpper(body.title, language))}</h1>
<p style="${TEXT}">${lines(body.greeting)}</p>
${content}
<p style="${TEXT}">${escapeHtml(w.layout("signOff"))}<br>${association}</p>
</td></tr>
<tr><td style="padding:24px 24px 0">
<p style="${SMALL};margin:0 0 8px">${escapeHtml(w.layout(`reasons.${body.reason}`))}</p>
${supportHtml(w, brand)}<p style="${SMALL};margin:0">${association}${legal}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</div>
</body>
</html>
`;
};
