import type { MailBlock, MailBody, MailBrand, MailLanguage } from "./mail-template.js";
import { type MailWords, mailWords } from "./mail-words.js";

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
const supportLine = (w: MailWords, brand: MailBrand): string => {
  const { support } = brand;
  if (!support) return "";
  const ways = [support.email, support.phone, support.url].filter((w) => w !== undefined);
  return `\n${w.layout("support")} ${ways.join(" · ")}`;
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
  const w = mailWords(language, "layout");
  return [
    body.greeting,
    ...body.blocks.map((block) => blockText(block, language)),
    `${w.layout("signOff")}\n${brand.associationName}`,
    `-- \n${w.layout(`reasons.${body.reason}`)}${supportLine(w, brand)}`,
  ].join("\n\n");
};
