import { homedir } from "node:os";
import { join } from "node:path";
import { err, ok, type Result, SUPPORT_CLIENT_ID } from "@portal/core";
import { type CliFailure, usageError } from "./failure.js";
import type { CliLanguage } from "./i18n.js";
import { environmentLanguage } from "./language.js";

/** The portal the CLI talks to when neither `--url` nor PORTAL_URL says otherwise. */
export const DEFAULT_PORTAL_URL = "http://localhost:8080";
/** The realm of the embedded identity provider (and of the Keycloak realm export). */
export const DEFAULT_REALM = "portal";

/** The options every command accepts, as commander parsed them. */
export interface GlobalOptions {
  readonly json?: boolean;
  /** Checked while parsing (`languageOption`): a language the CLI speaks. */
  readonly lang?: CliLanguage;
  readonly url?: string;
}

/** Everything a run of the CLI is configured with, decoded once at start. */
export interface CliSettings {
  /** Base URL of the portal, without a trailing slash. */
  readonly url: string;
  /** The OpenID Connect issuer: PORTAL_ISSUER, else `{url}/realms/portal`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  readonly language: CliLanguage;
  readonly json: boolean;
  /** `$XDG_CONFIG_HOME/portal/tokens.json`, else `~/.config/portal/tokens.json`. */
  readonly tokenFile: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const httpUrl = (value: string, source: string): Result<string, CliFailure> => {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:")
      return ok(url.href.replace(/\/+$/, ""));
  } catch {
    // reported below
  }
  return err(usageError("usage.url", { source, value }));
};

/**
 * Decodes the global options and the environment (PORTAL_URL, PORTAL_ISSUER,
 * PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET, XDG_CONFIG_HOME, LC_ALL/LC_MESSAGES/LANG);
 * a bad value is a usage error naming the option or variable.
 */
export const resolveSettings = (
  options: GlobalOptions,
  env: Env,
): Result<CliSettings, CliFailure> => {
  const url =
    options.url !== undefined
      ? httpUrl(options.url, "--url")
      : httpUrl(env.PORTAL_URL || DEFAULT_PORTAL_URL, "PORTAL_URL");
  if (!url.ok) return url;
  const issuer = env.PORTAL_ISSUER
    ? httpUrl(env.PORTAL_ISSUER, "PORTAL_ISSUER")
    : ok(`${url.value}/realms/${DEFAULT_REALM}`);
  if (!issuer.ok) return issuer;
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return ok({
    url: url.value,
    issuer: issuer.value,
    clientId: env.PORTAL_CLIENT_ID || SUPPORT_CLIENT_ID,
    clientSecret: env.PORTAL_CLIENT_SECRET || null,
    language: options.lang ?? environmentLanguage(env),
    json: options.json === true,
    tokenFile: join(configHome, "portal", "tokens.json"),
  });
};
