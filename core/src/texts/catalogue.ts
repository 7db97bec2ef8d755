/**
 * The portal's one catalogue of words: every language's namespaces (core/src/texts/<lng>/<ns>.json,
 * i18next JSON v4, `{{name}}` marks a parameter, `$t(ns:key)` nests another text). Node surfaces
 * (CLI, provider pages, mails) read all of it at once through {@link textsFor}; the browser
 * loads one namespace of one language at a time (`loadTexts`).
 */
import deCli from "./de/cli.json";
import deErrors from "./de/errors.json";
import deHelp from "./de/help.json";
import deMail from "./de/mail.json";
import deProvider from "./de/provider.json";
import deShared from "./de/shared.json";
import enCli from "./en/cli.json";
import enErrors from "./en/errors.json";
import enHelp from "./en/help.json";
import enMail from "./en/mail.json";
import enProvider from "./en/provider.json";
import enShared from "./en/shared.json";
import type { TextLanguage } from "./error-texts.js";
import frCli from "./fr/cli.json";
import frErrors from "./fr/errors.json";
import frHelp from "./fr/help.json";
import frMail from "./fr/mail.json";
import frProvider from "./fr/provider.json";
import frShared from "./fr/shared.json";

const en = {
  errors: enErrors,
  shared: enShared,
  cli: enCli,
  help: enHelp,
  provider: enProvider,
  mail: enMail,
};

/** One language's namespaces, shaped like en's: a key missing in de or fr is a type error. */
export type Catalogue = typeof en;
/** A namespace Node surfaces read (the web app's own are loaded by `loadTexts`). */
export type NodeNamespace = keyof Catalogue;

/** Every language's namespaces for Node. */
export const CATALOGUE = {
  de: {
    errors: deErrors,
    shared: deShared,
    cli: deCli,
    help: deHelp,
    provider: deProvider,
    mail: deMail,
  },
  en,
  fr: {
    errors: frErrors,
    shared: frShared,
    cli: frCli,
    help: frHelp,
    provider: frProvider,
    mail: frMail,
  },
} satisfies Record<TextLanguage, Catalogue>;

/** The namespaces Node surfaces read, in the catalogue's order. */
export const NODE_NAMESPACES = Object.keys(en) as ReadonlyArray<NodeNamespace>;
