import { describe, expect, it } from "vitest";
import { companySearchText } from "./commands/company-search.js";
import { collectWebTarget } from "./commands/web-target.js";
import { main } from "./index.js";
import { emailInput, memberNumberInput } from "./input.js";
import { FakeTerminal } from "./testing/fake-terminal.js";
import { fakeWebTargets } from "./testing/fakes.js";

// Issue 14: text the CLI sends takes core's single-line rule and the contracts' lengths;
// a breach is a usage error (exit 2) that never echoes the control characters.
const HOSTILE: ReadonlyArray<[string, string]> = [
  ["a NUL", "\u0000"],
  ["a line feed", "\n"],
  ["a carriage return", "\r"],
  ["an escape (terminal control)", "\u001b[2J"],
  ["a line separator", "\u2028"],
  ["a right-to-left override", "\u202e"],
  ["a zero-width space", "\u200b"],
  ["a lone surrogate", "\ud800"],
];

const usage = (key: string) => ({ ok: false, error: { _tag: "Usage", message: { key } } });

describe("single-line inputs", () => {
  it.each(HOSTILE)("an e-mail address with %s is a usage error", (_l, c) => {
    expect(emailInput(`erika@example.de${c}`)).toMatchObject(usage("usage.singleLine"));
    expect(emailInput(`${c}erika@example.de`, "--to")).toMatchObject({
      error: { message: { key: "usage.singleLine", params: { option: "--to" } } },
    });
  });

  it.each(HOSTILE)("a member number with %s is a usage error", (_l, c) => {
    expect(memberNumberInput(`4711${c}`)).toMatchObject(usage("usage.singleLine"));
  });

  it.each(HOSTILE)("a company search term with %s is a usage error", (_l, c) => {
    expect(companySearchText({ term: `Muster${c}` })).toMatchObject(usage("usage.singleLine"));
  });

  it.each(HOSTILE)("a web-target key with %s is a usage error and asks nobody", async (_l, c) => {
    const fake = fakeWebTargets({});
    expect(await collectWebTarget(`MC${c}`, fake.port)).toMatchObject(usage("usage.singleLine"));
    expect(fake.asked).toEqual([]);
  });

  it.each([
    ["an e-mail address of 256 characters", emailInput(`${"e".repeat(244)}@example.org`), 255],
    ["a member number of 21 digits", memberNumberInput("1".repeat(21)), 20],
    ["a crefonummer of 11 digits", companySearchText({ crefonummer: "1".repeat(11) }), 10],
    ["a search term of 256 characters", companySearchText({ term: "m".repeat(256) }), 255],
  ])("%s is too long", (_l, result, max) => {
    expect(result).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.tooLong", params: { max } } },
    });
  });

  it("the longest values pass", () => {
    expect(emailInput(`${"e".repeat(243)}@example.org`).ok).toBe(true);
    expect(memberNumberInput("1".repeat(20))).toEqual({ ok: true, value: "1".repeat(20) });
    expect(companySearchText({ crefonummer: "2010000001" }).ok).toBe(true);
  });

  it("exits 2 with a clear message and no control character on the terminal", async () => {
    const terminal = new FakeTerminal();
    const code = await main(
      ["node", "portal", "--lang", "en", "outbox", "--to", "erika@example.de\u001b[2J"],
      { terminal, env: { HOME: "/nonexistent" } },
    );
    expect(code).toBe(2);
    expect(terminal.errText).toContain(
      "--to must be one line of text without control or invisible characters.",
    );
    expect(terminal.errText).not.toContain("\u001b");
  });
});
