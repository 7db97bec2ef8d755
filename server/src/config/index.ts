import type { RetentionKind } from "@portal/contracts";
import {
  type IdentitySettings,
  identitySettings,
  keycloakModeProblems,
} from "./identity-settings.js";
import { type MailSettings, mailSettings } from "./mail-settings.js";
import { type ProcessSettings, processSettings, testClockProblems } from "./process-settings.js";
import { type PurgeSettings, purgeSettings, retentionSettings } from "./retention-settings.js";
import { type SecuritySettings, securitySettings } from "./security-settings.js";
import { type Env, environmentReader, textOf } from "./setting.js";
import {
  type LinkSettings,
  linkSettings,
  type SiteSettings,
  siteSettings,
} from "./site-settings.js";
import { type SsfSettings, ssfSettings } from "./ssf-settings.js";
import { type StorageSettings, storageSettings } from "./storage-settings.js";
import { type SupportContact, supportContactSettings } from "./support-contact-settings.js";

// The server's settings, one group per file: each variable's name, rule, default and doc
// line are written once, in its group (setting.ts says how a group is decoded).

export { ConfigError } from "./config-error.js";
export {
  EXTERNAL_ISSUER_NEEDS_SECRET,
  isEmbeddedIssuer,
  REALM_PATH,
} from "./identity-settings.js";
export { MAIL_OUTBOX_MODES, type MailOutbox } from "./mail-settings.js";
export type { TrustProxy } from "./process-settings.js";
export { RETENTION_DEFAULTS, retentionVariable } from "./retention-settings.js";
export { DEFAULT_COMPANY_SEED_COUNT } from "./storage-settings.js";
export type { SupportContact } from "./support-contact-settings.js";

/** Everything the server reads from the environment, decoded once at start. */
export interface Config
  extends ProcessSettings,
    StorageSettings,
    SiteSettings,
    LinkSettings,
    MailSettings,
    IdentitySettings,
    SecuritySettings,
    SsfSettings,
    PurgeSettings {
  /**
   * Where the portal sends a person who needs help ("contact us"): an address
   * (SUPPORT_CONTACT_EMAIL, default `support@` the homepage's domain), and optionally a
   * contact page (SUPPORT_CONTACT_URL) and a phone number (SUPPORT_CONTACT_PHONE). Shown as
   * links in the web app (config.json), the sign-in pages and every mail's footer.
   */
  readonly supportContact: SupportContact;
  /**
   * Hours each kind of data is kept before the retention purge deletes it
   * (RETENTION_<KIND> such as RETENTION_OUTBOX=30d; see RETENTION_DEFAULTS).
   */
  readonly retentionHours: Readonly<Record<RetentionKind, number>>;
}

/**
 * Decodes the environment into a {@link Config}. Every bad value is refused at once with one
 * {@link ConfigError}: a line for each, naming the variable, what was given and what is allowed.
 *
 * @example
 * loadConfig({ PORT: "9000" }).publicUrl; // "http://localhost:9000"
 */
export const loadConfig = (env: Env = process.env): Config => {
  const reader = environmentReader(env);
  // In this order: a group's defaults build on the groups before it.
  const running = reader.read(processSettings);
  const storage = reader.read(storageSettings);
  const site = reader.read(siteSettings, running);
  const links = reader.read(linkSettings, site);
  const supportContact = reader.read(supportContactSettings, site);
  const mail = reader.read(mailSettings, site);
  const identity = reader.read(identitySettings, site);
  const security = reader.read(securitySettings);
  const ssf = reader.read(ssfSettings);
  const retentionHours = reader.read(retentionSettings);
  const purge = reader.read(purgeSettings);
  reader.combine(["TEST_CLOCK"], () =>
    testClockProblems(running.testClock, textOf(env, "TEST_CLOCK"), env.NODE_ENV),
  );
  // PORT counts only while PUBLIC_URL is unset: only then is the portal's address built on it.
  const address = textOf(env, "PUBLIC_URL") === undefined ? ["PORT"] : ["PUBLIC_URL"];
  reader.combine([...address, "OIDC_ISSUER"], () =>
    keycloakModeProblems({ ...identity, publicUrl: site.publicUrl }, textOf(env, "OIDC_ISSUER")),
  );
  return reader.done({
    ...running,
    ...storage,
    ...site,
    ...links,
    supportContact,
    ...mail,
    ...identity,
    ...security,
    ...ssf,
    retentionHours,
    ...purge,
  });
};

/** The config of a test or tool: defaults with `overrides` on top (no environment read). */
export const configWith = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  ...overrides,
});
