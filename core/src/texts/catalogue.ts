/**
 * The portal's one catalogue of words: every language's namespaces (core/src/texts/<lng>/<ns>.json,
 * i18next JSON v4, `{{name}}` marks a parameter, `$t(ns:key)` nests another text). Node
 * surfaces (CLI, provider pages, mails) read it through {@link textsFor}; the browser loads
 * one namespace of one language at a time (`loadTexts`).
 *
 * | namespace | read by |
 * |---|---|
 * | errors, shared | every surface: error codes and dialogs; the words several surfaces show |
 * | common, validation, public, account | the web app (account: the signed-in pages) |
 * | cli, help | the CLI: messages, `--help` |
 * | provider | the identity provider's pages (sections page, copy, otherWay, passkey, recovery) |
 * | mail | the mails (section layout, one section per template) |
 * | server | the server's own page while the web app is not built (static/unavailable-page.ts) |
 */
import deAccount from "./de/account.json";
import deCli from "./de/cli.json";
import deCommon from "./de/common.json";
import deErrors from "./de/errors.json";
import deHelp from "./de/help.json";
import deMail from "./de/mail.json";
import deProvider from "./de/provider.json";
import dePublic from "./de/public.json";
import deServer from "./de/server.json";
import deShared from "./de/shared.json";
import deValidation from "./de/validation.json";
import enAccount from "./en/account.json";
import enCli from "./en/cli.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enHelp from "./en/help.json";
import enMail from "./en/mail.json";
import enProvider from "./en/provider.json";
import enPublic from "./en/public.json";
import enServer from "./en/server.json";
import enShared from "./en/shared.json";
import enValidation from "./en/validation.json";
import frAccount from "./fr/account.json";
import frCli from "./fr/cli.json";
import frCommon from "./fr/common.json";
import frErrors from "./fr/errors.json";
import frHelp from "./fr/help.json";
import frMail from "./fr/mail.json";
import frProvider from "./fr/provider.json";
import frPublic from "./fr/public.json";
import frServer from "./fr/server.json";
import frShared from "./fr/shared.json";
import frValidation from "./fr/validation.json";
import type { TextLanguage } from "./languages.js";

const en = {
  errors: enErrors,
  shared: enShared,
  common: enCommon,
  validation: enValidation,
  public: enPublic,
  account: enAccount,
  cli: enCli,
  help: enHelp,
  provider: enProvider,
  mail: enMail,
  server: enServer,
};

/** One language's namespaces, shaped like en's: a key missing in de or fr is a type error. */
export type Catalogue = typeof en;
/** A namespace of the catalogue. */
export type Namespace = keyof Catalogue;

/** Every language's namespaces. */
export const CATALOGUE = {
  de: {
    errors: deErrors,
    shared: deShared,
    common: deCommon,
    validation: deValidation,
    public: dePublic,
    account: deAccount,
    cli: deCli,
    help: deHelp,
    provider: deProvider,
    mail: deMail,
    server: deServer,
  },
  en,
  fr: {
    errors: frErrors,
    shared: frShared,
    common: frCommon,
    validation: frValidation,
    public: frPublic,
    account: frAccount,
    cli: frCli,
    help: frHelp,
    provider: frProvider,
    mail: frMail,
    server: frServer,
  },
} satisfies Record<TextLanguage, Catalogue>;

/** Every namespace, in the catalogue's order. */
export const NAMESPACES = Object.keys(en) as ReadonlyArray<Namespace>;
