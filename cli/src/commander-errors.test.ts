import { Command, CommanderError, InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { commanderErrorText } from "./commander-errors.js";
import { type CliLanguage, translator } from "./i18n.js";
import { main } from "./index.js";
import { LocalizedCommand } from "./localized-command.js";
import { FakeTerminal } from "./testing/fake-terminal.js";

const LOCALE: Record<CliLanguage, string> = {
  de: "de_DE.UTF-8",
  en: "en_US.UTF-8",
  fr: "fr_FR.UTF-8",
};

const run = async (args: string[], env: Record<string, string>) => {
  const terminal = new FakeTerminal();
  const code = await main(["node", "portal", ...args], { terminal, env });
  return { code, out: terminal.outText, err: terminal.errText };
};

/** Each usage error commander reports for the CLI, worded in de, en and fr. */
const CASES: ReadonlyArray<readonly [string, string[], Record<CliLanguage, string>]> = [
  [
    "unknown option, with a suggestion",
    ["web-target", "--jsn"],
    {
      de: "Unbekannte Option '--jsn'.\n(Meinten Sie --json?)",
      en: "Unknown option '--jsn'.\n(Did you mean --json?)",
      fr: "Option inconnue « --jsn ».\n(Vouliez-vous dire --json ?)",
    },
  ],
  [
    "unknown option, nothing similar",
    ["outbox", "-x"],
    { de: "Unbekannte Option '-x'.", en: "Unknown option '-x'.", fr: "Option inconnue « -x »." },
  ],
  [
    "unknown command, with a suggestion",
    ["web-targett"],
    {
      de: "Unbekannter Befehl 'web-targett'.\n(Meinten Sie web-target?)",
      en: "Unknown command 'web-targett'.\n(Did you mean web-target?)",
      fr: "Commande inconnue « web-targett ».\n(Vouliez-vous dire web-target ?)",
    },
  ],
  [
    "unknown subcommand",
    ["person", "shwo"],
    {
      de: "Unbekannter Befehl 'shwo'.\n(Meinten Sie show?)",
      en: "Unknown command 'shwo'.\n(Did you mean show?)",
      fr: "Commande inconnue « shwo ».\n(Vouliez-vous dire show ?)",
    },
  ],
  [
    "required option missing",
    ["person", "show"],
    {
      de: "Die erforderliche Option '--email <address>' fehlt.",
      en: "The required option '--email <address>' is missing.",
      fr: "L'option obligatoire « --email <address> » manque.",
    },
  ],
  [
    "option without its value",
    ["outbox", "--to"],
    {
      de: "Die Option '--to <address>' braucht einen Wert.",
      en: "The option '--to <address>' needs a value.",
      fr: "L'option « --to <address> » attend une valeur.",
    },
  ],
  [
    "a language the CLI does not speak (worded in the environment's)",
    ["health", "--lang", "xx"],
    {
      de: "Ungültiger Wert 'xx' für die Option '--lang <language>': verwenden Sie de, en oder fr.",
      en: "Invalid value 'xx' for the option '--lang <language>': use de, en or fr.",
      fr: "Valeur « xx » invalide pour l'option « --lang <language> » : utilisez de, en ou fr.",
    },
  ],
  [
    "too many arguments",
    ["web-target", "a", "b", "c"],
    {
      de: "Zu viele Argumente für 'web-target': 'b', 'c' (höchstens 1).",
      en: "Too many arguments for 'web-target': 'b', 'c' (at most 1).",
      fr: "Trop d'arguments pour « web-target » : « b », « c » (au plus 1).",
    },
  ],
  [
    "an argument for a command that takes none",
    ["health", "now"],
    {
      de: "'health' nimmt keine Argumente an: 'now'.",
      en: "'health' takes no arguments: 'now'.",
      fr: "« health » n'accepte aucun argument : « now ».",
    },
  ],
];

describe.each(["de", "en", "fr"] as const)("commander's usage errors in %s", (language) => {
  const hint = translator(language).t("usage.helpHint");

  it.each(CASES)("%s: exit 2, the message and the help hint on stderr", async (_, args, text) => {
    const r = await run(args, { LANG: LOCALE[language] });
    expect(r).toEqual({ code: 2, out: "", err: `${text[language]}\n${hint}` });
  });

  it.each(CASES)("%s with --json: one JSON document on stderr, exit 2", async (_, args, text) => {
    const r = await run([...args, "--json"], { LANG: LOCALE[language] });
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(JSON.parse(r.err)).toEqual({ error: { kind: "usage", message: text[language] } });
  });
});

describe("the language of usage errors", () => {
  it("--lang wins over the environment, wherever it stands", async () => {
    const r = await run(["person", "show", "--lang", "fr"], { LANG: "de_DE.UTF-8" });
    expect(r.err).toContain("L'option obligatoire « --email <address> » manque.");
    const early = await run(["--lang=en", "bogus"], { LANG: "de_DE.UTF-8" });
    expect(early.err).toMatch(/^Unknown command 'bogus'\./);
  });

  it("a bad --lang stops even --help; German when the environment names no language", async () => {
    const r = await run(["--lang", "english", "--help"], {});
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.err).toContain(
      "Ungültiger Wert 'english' für die Option '--lang <language>': verwenden Sie de, en oder fr.",
    );
  });

  it("the program without a command: its help on stderr, exit 2", async () => {
    const r = await run([], { LANG: "en_US.UTF-8" });
    expect(r.code).toBe(2);
    expect(r.err).toContain("Usage: portal [options] [command]");
  });
});

/** A program with what the CLI's commands do not have: a required argument, a parsed one. */
const probe = (language: CliLanguage) => {
  const program = new LocalizedCommand(translator(language), "portal")
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  program
    .command("show")
    .argument("<key>", "key")
    .argument("[count]", "count", (value: string) => {
      if (!/^\d+$/.test(value)) throw new InvalidArgumentError("digits only.");
      return Number(value);
    })
    .action(() => {});
  return (args: string[]) => {
    try {
      program.parse(args, { from: "user" });
    } catch (error) {
      if (error instanceof CommanderError) return { code: error.code, message: error.message };
      throw error;
    }
    return null;
  };
};

describe("LocalizedCommand: every command it creates words commander's errors", () => {
  it.each([
    [
      "de",
      "Das Argument 'key' fehlt.",
      "Ungültiger Wert 'x' für das Argument 'count': digits only.",
    ],
    [
      "en",
      "The argument 'key' is missing.",
      "Invalid value 'x' for the argument 'count': digits only.",
    ],
    [
      "fr",
      "L'argument « key » manque.",
      "Valeur « x » invalide pour l'argument « count » : digits only.",
    ],
  ] as const)("%s", (language, missing, invalid) => {
    const parse = probe(language);
    expect(parse(["show"])).toEqual({ code: "commander.missingArgument", message: missing });
    expect(parse(["show", "k", "x"])).toEqual({
      code: "commander.invalidArgument",
      message: invalid,
    });
  });
});

describe("commanderErrorText", () => {
  const command = new Command("portal");

  it.each([
    ["de", "(Meinten Sie --json oder --url?)"],
    ["en", "(Did you mean --json or --url?)"],
    ["fr", "(Vouliez-vous dire --json ou --url ?)"],
  ] as const)("several suggestions, joined in %s", (language, line) => {
    const text = commanderErrorText(
      "error: unknown option '--xrl'\n(Did you mean one of --json, --url?)",
      "commander.unknownOption",
      command,
      translator(language),
    );
    expect(text.split("\n")[1]).toBe(line);
  });

  it("an error the CLI does not provoke keeps commander's text", () => {
    const message = "error: option '--a' cannot be used with option '--b'";
    expect(
      commanderErrorText(message, "commander.conflictingOption", command, translator("de")),
    ).toBe(message);
  });
});
