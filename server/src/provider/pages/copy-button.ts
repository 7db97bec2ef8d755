import { type Html, html, type PageContext } from "./html.js";
import { providerTexts } from "./texts.js";

/**
 * A button that copies `text` to the clipboard (provider-assets/login.js): hidden until the script
 * finds a clipboard, its outcome said in a polite live region beside it.
 */
export const copyButton = (ctx: PageContext, label: string, text: string, qa: string): Html => {
  const c = providerTexts(ctx.language, "copy");
  return html`<button type="button" class="btn btn--secondary" data-copy="${text}" data-copied="${c.copied}" data-copy-failed="${c.copyFailed}" data-copy-status="${qa}-status" hidden data-qa="${qa}">${label}</button>
<span id="${qa}-status" class="copy-status" role="status" data-qa="${qa}-status"></span>`;
};
