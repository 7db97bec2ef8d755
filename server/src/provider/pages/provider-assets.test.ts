import { LOCALE_CHOICES } from "@portal/core";
import { describe, expect, it } from "vitest";
import { providerAssets } from "./assets.js";

// The scripts' behaviour in a browser is tested end to end (tests/e2e/provider-pages.spec.ts);
// here what a browser would refuse before running any of it, and what the files are given.
describe("the provider pages' assets (provider-assets/)", () => {
  const assets = providerAssets();

  it.each([
    ["login.js", assets.loginJs],
    ["passkey.js", assets.passkeyJs],
  ])("%s is valid script without modules or newer syntax a browser might lack", (_, js) => {
    expect(() => new Function(js)).not.toThrow();
    expect(js).not.toMatch(/\b(import|export|let|const|class)\b|=>/);
  });

  it("login.js waits the pause the page gives it, not one of its own", () => {
    expect(assets.loginJs).toContain('Number(select.getAttribute("data-key-pause"))');
    expect(assets.loginJs).not.toMatch(/setTimeout\(send, \d/);
  });

  it("login.css is the file's rules and the language tags' rules for every locale", () => {
    expect(assets.loginCss).toContain(".recovery-codes .code {");
    for (const { locale } of LOCALE_CHOICES)
      expect(assets.loginCss).toContain(`.lang-switch__short[data-locale="${locale}"]`);
    expect(assets.loginCss.endsWith("}\n")).toBe(true);
  });
});
