import { describe, expect, it } from "vitest";
import { LANGUAGE_KEY_PAUSE_MS, LOGIN_JS } from "./login-script.js";

// The script's behaviour in a browser is tested end to end (tests/e2e/provider-pages.spec.ts);
// here only what a browser would refuse before running any of it.
describe("login.js", () => {
  it("is valid script without modules or newer syntax a browser might lack", () => {
    expect(() => new Function(LOGIN_JS)).not.toThrow();
    expect(LOGIN_JS).not.toMatch(/\b(import|export|let|const|class)\b|=>/);
  });

  it("waits a short pause for another key before sending a keyboard choice", () => {
    expect(LANGUAGE_KEY_PAUSE_MS).toBeGreaterThanOrEqual(1000);
    expect(LANGUAGE_KEY_PAUSE_MS).toBeLessThanOrEqual(2000);
    expect(LOGIN_JS).toContain(`setTimeout(send, ${LANGUAGE_KEY_PAUSE_MS})`);
  });
});
