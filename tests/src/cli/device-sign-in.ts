import { HttpSession } from "../support/http-session.js";

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/g, "/")
    .replace(/&#39;/g, "'");

/** The first form of `html` matching `id` (any form when null): its action and hidden fields. */
const form = (html: string, id: string | null) => {
  const pattern = id
    ? new RegExp(`<form[^>]*id="${id.replace(/\./g, "\\.")}"[^>]*>([\\s\\S]*?)</form>`)
    : /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/;
  const match = pattern.exec(html);
  const action = match ? /action="([^"]+)"/.exec(match[0])?.[1] : undefined;
  if (!match || !action) return null;
  const fields: Record<string, string> = {};
  for (const [input] of (match[1] ?? "").matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    if (name) fields[name] = decode(/value="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  return { action: decode(action), fields };
};

/**
 * What a staff member does in the browser after `portal login` printed the address:
 * opens the verification address (which carries the user code), lets the page's
 * callback form submit, confirms the code, signs in with e-mail and password on the
 * provider's login form, and ends on the device-success page (or the provider's
 * refusal), whose HTML it returns.
 */
export const completeDeviceSignIn = async (
  verificationUriComplete: string,
  email: string,
  password: string,
): Promise<string> => {
  const browser = new HttpSession();
  const never = () => false;
  let step = await browser.follow(verificationUriComplete, never);
  const seen: string[] = [];
  for (let pages = 0; pages < 10; pages++) {
    const html = (await step.response?.text()) ?? "";
    seen.push(
      `${step.response?.status} ${step.url.pathname}: ${html.replace(/\s+/g, " ").slice(0, 300)}`,
    );
    // The end: signed in, or the provider's refusal (for example "support staff only").
    if (html.includes('data-qa="device-success"') || html.includes('data-qa="device-code-error"'))
      return html;
    const login = form(html, "kc-form-login");
    const confirm = form(html, "op.deviceConfirmForm");
    // Pages without a form of their own are oidc-provider's auto-submitting callbacks.
    const next = login
      ? { action: login.action, fields: { ...login.fields, username: email, password } }
      : (confirm ?? form(html, null));
    if (!next) throw new Error(`device sign-in stuck at ${step.url.href}:\n${html.slice(0, 1500)}`);
    step = await browser.follow(new URL(next.action, step.url), never, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(next.fields),
    });
  }
  throw new Error(`device sign-in did not end on the success page:\n${seen.join("\n")}`);
};
