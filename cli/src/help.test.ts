import { CATALOGUE } from "@portal/core/texts";
import { describe, expect, it } from "vitest";
import { CLI_LANGUAGES, type CliLanguage, type MessageKey, translator } from "./i18n.js";
import { main } from "./index.js";
import { FakeTerminal } from "./testing/fake-terminal.js";

const LOCALE: Record<CliLanguage, string> = {
  de: "de_DE.UTF-8",
  en: "en_US.UTF-8",
  fr: "fr_FR.UTF-8",
};

/** `--help` of `args` as one line: commander wraps descriptions at the terminal's width. */
const help = async (args: string[], env: Record<string, string>) => {
  const terminal = new FakeTerminal();
  const code = await main(["node", "portal", ...args, "--help"], { terminal, env });
  return { code, out: terminal.outText.replace(/\s+/g, " "), err: terminal.errText };
};

/** Each help page and the texts of the catalogue it must show. */
const PAGES: ReadonlyArray<readonly [string[], ReadonlyArray<MessageKey>]> = [
  [
    [],
    [
      "help.portal",
      "help.json",
      "help.lang",
      "help.webTarget",
      "help.resendOptIn",
      "help.person",
      "help.membership",
      "help.company",
      "help.outbox",
      "help.password",
      "help.patch",
      "help.health",
      "help.login",
      "help.logout",
      "help.env.PORTAL_URL",
      "help.env.PORTAL_CLIENT_SECRET",
      "help.env.PORTAL_CLIENT_ID",
      "help.env.PORTAL_ISSUER",
      "help.env.XDG_CONFIG_HOME",
      "help.exitCodes",
    ],
  ],
  [["web-target"], ["help.webTarget"]],
  [["resend-opt-in"], ["help.resendOptIn", "help.accountEmail"]],
  [["person"], ["help.person", "help.person.show", "help.person.resendDeletion"]],
  [
    ["person", "show"],
    ["help.person.show", "help.accountEmail"],
  ],
  [
    ["person", "resend-deletion"],
    ["help.person.resendDeletion", "help.accountEmail"],
  ],
  [
    ["person", "resend-email-change"],
    ["help.person.resendEmailChange", "help.accountEmail"],
  ],
  [
    ["membership", "issue"],
    ["help.membership.issue", "help.membership.memberNumber"],
  ],
  [
    ["company", "search"],
    ["help.company.search", "help.company.crefonummer"],
  ],
  [["outbox"], ["help.outbox", "help.outbox.to", "help.outbox.open"]],
  [
    ["password", "check"],
    [
      "help.password.check",
      "help.password.givenName",
      "help.password.surname",
      "help.password.email",
    ],
  ],
  [
    ["patch", "preview"],
    ["help.patch.preview", "help.patch.stored", "help.patch.form"],
  ],
  [["health"], ["help.health"]],
  [["login"], ["help.login"]],
  [["logout"], ["help.logout"]],
];

describe.each(CLI_LANGUAGES)("--help in %s", (language) => {
  const t = translator(language);
  const env = { LANG: LOCALE[language] };
  const one = (text: string) => text.replace(/\s+/g, " ");

  it("the program: localized headings, descriptions, environment and exit codes; exit 0", async () => {
    const r = await help([], env);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: "" });
    expect(r.out).toMatch(new RegExp(`^${t.t("help.title.usage")} portal \\[options\\]`));
    for (const key of [
      "help.title.options",
      "help.title.commands",
      "help.title.environment",
      "help.help",
    ] as const)
      expect(r.out).toContain(t.t(key));
    expect(r.out).toContain(one(t.t("help.url", { default: "http://localhost:8080" })));
    expect(r.out).toContain(`help [command] ${t.t("help.help")}`);
  });

  it("a command: its arguments and the global options under localized headings", async () => {
    const search = await help(["company", "search"], env);
    for (const text of [
      `${t.t("help.title.usage")} portal company search [options] [term]`,
      `${t.t("help.title.arguments")} term ${one(t.t("help.company.term", { min: 3 }))}`,
      `${t.t("help.title.options")} --crefonummer <digits>`,
      `-h, --help ${t.t("help.help")}`,
      `${t.t("help.title.globalOptions")} --json ${t.t("help.json")}`,
    ])
      expect(search.out).toContain(text);
    const target = await help(["web-target"], env);
    expect(target.out).toContain(one(t.t("help.webTarget.key", { default: "MC" })));
  });

  it.each(PAGES)("%j shows its texts from the catalogue", async (args, keys) => {
    const r = await help(args, env);
    expect(r.code).toBe(0);
    for (const key of keys) expect(r.out).toContain(one(t.t(key)));
  });
});

describe.each(["de", "fr"] as const)("--help in %s", (language) => {
  const t = translator(language);
  const env = { LANG: LOCALE[language] };
  const one = (text: string) => text.replace(/\s+/g, " ");

  it("no page keeps an English text or heading", async () => {
    const english = Object.entries(CATALOGUE.en.help)
      .filter(([key, text]) => t.t(key as MessageKey) !== text && !text.includes("{"))
      .map(([, text]) => one(text));
    for (const [args] of PAGES) {
      const r = await help(args, env);
      for (const text of [...english, "Usage:", "Options:", "Commands:", "Arguments:"])
        expect({ args, leaked: r.out.includes(text) ? text : null }).toEqual({
          args,
          leaked: null,
        });
    }
  });
});

describe("the language of the help", () => {
  it("--lang wins over the environment, before or after the command, also as --lang=xx", async () => {
    const de = translator("de");
    for (const args of [["--lang", "de"], ["--lang=de"], ["web-target", "--lang", "de"]]) {
      const r = await help(args, { LANG: "fr_FR.UTF-8" });
      expect(r.out).toContain(de.t("help.title.usage"));
    }
  });

  it("German without a language in the environment", async () => {
    const r = await help([], {});
    expect(r.out).toContain("Aufruf: portal");
  });

  it("help COMMAND shows the command's help, exit 0", async () => {
    const terminal = new FakeTerminal();
    const code = await main(["node", "portal", "help", "health", "--lang", "fr"], { terminal });
    expect(code).toBe(0);
    expect(terminal.outText).toContain("Utilisation : portal health");
  });

  it("a command group without its command: its help on stderr, exit 2 (usage)", async () => {
    const terminal = new FakeTerminal();
    const code = await main(["node", "portal", "person", "--lang", "en"], { terminal });
    expect(code).toBe(2);
    expect(terminal.errText).toContain("Usage: portal person [options] [command]");
  });
});
