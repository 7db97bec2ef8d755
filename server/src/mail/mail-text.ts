import { MAIL_LAYOUT_TEXTS, type MailLayoutTexts } from "./mail-layout-texts.js";
import type { MailBlock, MailBody, MailBrand, MailLanguage } from "./mail-template.js";

const blockText = (block: MailBlock, language: MailLanguage): string => {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "action": {
      // A mailto: link reads as the address.
      const href = block.href.replace(/^mailto:/, "");
      // French sets a space before the colon.
      return block.intro === undefined
        ? `${block.label}${language === "fr" ? " :" : ":"} ${href}`
        : `${block.intro}\n${href}`;
    }
    case "code":
      return `${block.intro} ${block.code}`;
  }
};

/** The footer's support line: the address, the phone and the contact page, written out. */
const supportLine = (texts: MailLayoutTexts, brand: MailBrand): string => {
  const { support } = brand;
  if (!support) return "";
  const ways = [support.email, support.phone, support.url].filter((w) => w !== undefined);
  return `\n${texts.support} ${ways.join(" · ")}`;
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
    `-- \n${texts.reasons[body.reason]}${supportLine(texts, brand)}`,
  ].join("\n\n");
};
