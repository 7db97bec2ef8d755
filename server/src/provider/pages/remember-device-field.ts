import { type Html, html, type PageContext } from "./html.js";

/**
 * "Don't ask again on this device for 30 days" in a form that passes the second factor
 * (code, passkey, recovery code): each of those forms carries its own box, so whichever
 * way the person takes posts their choice without a script. The name is the one
 * ../interactions/remembered-device-step.ts reads; `way` keeps ids apart on one page.
 */
export const rememberDeviceField = (
  ctx: PageContext,
  way: "otp" | "passkey" | "recovery",
): Html => {
  const id = `remember-device-${way}`;
  return html`<div class="checkbox">
<input id="${id}" name="rememberDevice" type="checkbox" value="true" aria-describedby="${id}-hint" data-qa="${id}">
<label for="${id}">${ctx.texts.rememberDevice}</label>
<p id="${id}-hint" class="field__hint">${ctx.texts.rememberDeviceHint}</p>
</div>`;
};
