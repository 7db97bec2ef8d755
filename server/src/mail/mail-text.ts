import { MAIL_LAYOUT_TEXTS } from "./mail-layout-texts.js";
import type { MailBlock, MailBody, MailBrand, MailLanguage } from "./mail-template.js";

const blockText = (block: MailBlock, language: MailLanguage): string => {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "action":
      // French sets a space before the colon.
      return block.intro === undefined
        ? `${block.label}${language === "fr" ? " :" : ":"} ${block.href}`
        : `${block.intro}\n${block.href}`;
    case "code":
      return `${block.intro} ${block.code}`;
  }
};

/**
 * The plain-text part: greeting, blocks, the sign-off with the association's name, and
 * after the signature delimiter (`-- `) why the mail came. Links stand alone, absolute.
 *
 * @example
 * mailText({ title: "T", greeting: "Hallo,", blocks: [paragraph("Text.")], reason: "account" }, "de", brand);
 * // "Hallo,\n\nText.\n\nMit freundlichen Grüßen\nVerband\n\n-- \nSie erhalten diese E-Mail, ..."
 */
export const mailText = (body: MailBody, language: MailLanguage, brand: MailBrand): string => {
  const texts = MAIL_LAYOUT_TEXTS[language];
  return [
    body.greeting,
    ...body.blocks.map((block) => blockText(block, language)),
    `${texts.signOff}\n${brand.associationName}`,
    `-- \n${texts.reasons[body.reason]}`,
  ].join("\n\n");
};
