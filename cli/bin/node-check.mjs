// The Node.js check of the `portal` bin. It runs before the CLI loads anything else: on an
// older Node the CLI's libraries (commander 15, ...) fail somewhere inside with an error that
// names neither Node nor the version needed, so this says it in one line and exits 2.
// Plain JavaScript with no imports of the CLI, because the sources need tsx and the bundle
// the new Node; its words are here in the CLI's three languages for the same reason.
import { readFileSync } from "node:fs";

/** The words of the one line, by the CLI's language (cli/src/language.ts picks it likewise). */
export const NODE_CHECK_TEXTS = {
  de: "portal braucht Node.js {needed} oder neuer; dieses ist {actual}. Starte es mit dem Node.js des Projekts: corepack pnpm portal ...",
  en: "portal needs Node.js {needed} or later; this is {actual}. Start it with the project's Node.js: corepack pnpm portal ...",
  fr: "portal nécessite Node.js {needed} ou plus récent ; celui-ci est {actual}. Lancez-le avec le Node.js du projet : corepack pnpm portal ...",
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
  if (lang !== undefined && base(lang) in NODE_CHECK_TEXTS) return base(lang);
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"]) {
    const value = env[name];
    if (!value || value === "C" || value === "POSIX" || value.startsWith("C.")) continue;
    return base(value) in NODE_CHECK_TEXTS ? base(value) : "de";
  }
  return "de";
};

/** The line to print when `version` is too old for the CLI, else null. */
export const nodeCheck = (version, args, env, needed = neededNode()) => {
  if (!isOlder(version, needed)) return null;
  return NODE_CHECK_TEXTS[checkLanguage(args, env)]
    .replace("{needed}", needed.join("."))
    .replace("{actual}", version);
};
