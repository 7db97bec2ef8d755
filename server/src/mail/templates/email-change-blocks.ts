import { action, type MailBlock, paragraph } from "../mail-template.js";
import type { MailWords } from "../mail-words.js";
import { type AlertWhen, type SecureAccountLinks, whenBlock } from "./security-alert-texts.js";

/** One way back: the section's key of its label, the link, and the key of its intro line. */
export type WayBack = readonly [label: string, href: string, intro?: string];

/**
 * The body of a mail about an e-mail change (requested, confirmed, undone): what happened,
 * when, then the section's own "not you" and its ways back, labelled from the section. The
 * three differ only in the words and the links, so they are written once here.
 */
export const emailChangeBlocks = (
  w: MailWords,
  text: string,
  when: AlertWhen,
  ways: readonly WayBack[],
): readonly MailBlock[] => [
  paragraph(text),
  whenBlock(w, when),
  paragraph(w.t("notYou")),
  ...ways.map(([label, href, intro]) => action(w.t(label), href, intro && w.t(intro))),
];

/** The new password and the devices page, labelled by the section's setNew and devices. */
export const secureAccountWays = ({
  resetLink,
  devicesLink,
}: SecureAccountLinks): readonly WayBack[] => [
  ["setNew", resetLink],
  ["devices", devicesLink],
];
