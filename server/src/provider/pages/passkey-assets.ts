import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * SimpleWebAuthn's browser bundle (UMD, defines `SimpleWebAuthnBrowser`), read once from
 * the installed package and served by the provider, so its pages load no third-party
 * script (CSP 'self'). The forms' own script is provider-assets/passkey.js.
 */
export const webauthnBrowserBundle = (): string => {
  const main = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
  // main is <package>/script/index.js; the bundle is <package>/dist/bundle/.
  return readFileSync(join(dirname(main), "..", "dist", "bundle", "index.umd.min.js"), "utf8");
};
