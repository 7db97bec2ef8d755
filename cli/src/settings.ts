import { homedir } from "node:os";
import { join } from "node:path";
import { err, ok, type Result } from "@portal/core";
import { type CliFailure, usageError } from "./failure.js";
import type { CliLanguage } from "./i18n.js";
import { resolveLanguage } from "./language.js";

/** The portal the CLI talks to when neither `--url` nor PORTAL_URL says otherwise. */
export const DEFAULT_PORTAL_URL = "http://localhost:8080";
/** The realm of the embedded identity provider (and of the Keycloak realm export). */
export const DEFAULT_REALM = "portal";
/** The confidential client of support staff and scripts. */
export const DEFAULT_CLIENT_ID = "portal-support";

/** The options every command accepts. */
export interface GlobalOptions {
  readonly json?: boolean;
  readonly lang?: string;
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

/** The language alone, so that even a bad option can be reported in the user's words. */
export const settingsLanguage = (options: GlobalOptions, env: Env): CliLanguage => {
  const language = resolveLanguage(options.lang, env);
  if (language.ok) return language.value;
  const fromEnvironment = resolveLanguage(undefined, env);
  return fromEnvironment.ok ? fromEnvironment.value : "de";
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
  const language = resolveLanguage(options.lang, env);
  if (!language.ok) return err({ _tag: "Usage", message: language.error });
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
    clientId: env.PORTAL_CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret: env.PORTAL_CLIENT_SECRET || null,
    language: language.value,
    json: options.json === true,
    tokenFile: join(configHome, "portal", "tokens.json"),
  });
};
