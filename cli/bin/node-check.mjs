// The Node.js check of the `portal` bin. It runs before the CLI loads anything else: on an
// older Node the CLI's libraries (commander 15, ...) fail somewhere inside with an error that
// names neither Node nor the version needed, so this says it in one line and exits 2.
// Plain JavaScript with no imports of the CLI, because the sources need tsx and the bundle
// the new Node. Its words are the catalogue's (`cli:nodeCheck.tooOld`), read as JSON here
// rather than through i18next, which is one of the libraries an old Node may not load: so
// that text nests nothing (`$t(...)`), and its `{{needed}}` and `{{actual}}` are filled by
// a plain replace below, the catalogue's one placeholder syntax.
import { existsSync, readFileSync } from "node:fs";

/** The languages of the catalogue (cli/src/language.ts picks one likewise). */
const LANGUAGES = ["de", "en", "fr"];

/**
 * Where a language's cli namespace is: core's catalogue in the workspace, else the copy
 * the CLI's build puts beside the bundle for an installed package (cli/tsup.config.ts).
 */
const catalogueFiles = (language) => [
  new URL(`../../core/src/texts/${language}/cli.json`, import.meta.url),
  new URL(`../dist/texts/${language}/cli.json`, import.meta.url),
];

/** The line's text in `language`, `{{needed}}` and `{{actual}}` still in it. */
export const nodeCheckText = (language) => {
  const file = catalogueFiles(language).find((url) => existsSync(url));
  if (!file) throw new Error(`portal: no catalogue of ${language} beside ${import.meta.url}`);
  return JSON.parse(readFileSync(file, "utf8"))["nodeCheck.tooOld"];
};

/** The lowest version `engines.node` (">=26.10") of the CLI's package.json allows. */
export const neededNode = () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const found = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(manifest.engines?.node ?? "");
  if (!found)
    throw new Error(
      `cli/package.json: engines.node must read ">=X.Y", not ${manifest.engines?.node}`,
    );
  return [Number(found[1]), Number(found[2] ?? 0), Number(found[3] ?? 0)];
};

/** Whether version "26.10.0" (process.versions.node) is below `needed` ([26, 10, 0]). */
export const isOlder = (version, needed) => {
  const parts = version.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const have = parts[i] ?? 0;
    if (have !== needed[i]) return have < needed[i];
  }
  return false;
};

/** The CLI's language from `--lang` (the last one, up to `--`) or LC_ALL, LC_MESSAGES, LANG; else de. */
export const checkLanguage = (args, env) => {
  const base = (value) => value.split(/[._@-]/)[0].toLowerCase();
  let lang;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--") break;
    if (args[i] === "--lang") lang = args[i + 1];
    else if (args[i].startsWith("--lang=")) lang = args[i].slice("--lang=".length);
  }
  if (lang !== undefined && LANGUAGES.includes(base(lang))) return base(lang);
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const value = env[name];
    if (!value || value === "C" || value === "POSIX" || value.startsWith("C.")) continue;
    return LANGUAGES.includes(base(value)) ? base(value) : "de";
  }
  return "de";
};

/** The line to print when `version` is too old for the CLI, else null. */
export const nodeCheck = (version, args, env, needed = neededNode()) => {
  if (!isOlder(version, needed)) return null;
  return nodeCheckText(checkLanguage(args, env))
    .replaceAll("{{needed}}", needed.join("."))
    .replaceAll("{{actual}}", version);
};
