import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { RETENTION_KINDS, type RetentionKind } from "@portal/contracts";
import { routePath } from "@portal/core";
import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { serverPackageDir } from "./db/migrations-folder.js";
import { defaultTemplateDir } from "./db/pglite-template/manifest.js";

/** Companies of the synthetic register a first start holds (COMPANY_SEED_COUNT's default). */
export const DEFAULT_COMPANY_SEED_COUNT = 50_000;

/** Everything the server reads from the environment, decoded once at start. */
export interface Config {
  readonly port: number;
  /** Interface to listen on (HOST, default all). */
  readonly host: string;
  /** Origin the browser uses, without a trailing slash; mail links start with it. */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  /**
   * Who may read the mail outbox while no SMTP_URL is set (MAIL_OUTBOX): `local` (the
   * default) serves it only for a loopback PUBLIC_URL and only to this machine; `public`
   * serves it to anyone (a demo). See mail/outbox-exposure.ts.
   */
  readonly mailOutbox: MailOutbox;
  /** Sender of every mail (MAIL_FROM; default no-reply at the public host). */
  readonly mailFrom: string;
  /** OpenID Connect issuer; the embedded provider's realm unless set. */
  readonly oidcIssuer: string;
  readonly oidcClientId: string;
  readonly associationName: string;
  readonly homepageUrl: string;
  readonly faqUrl: string;
  readonly legalNoticeUrl: string;
  readonly termsOfUseUrl: string;
  readonly signupUrl: string;
  /**
   * Where the portal sends a person who needs help ("contact us"): an address
   * (SUPPORT_CONTACT_EMAIL, default `support@` the homepage's domain), and optionally a
   * contact page (SUPPORT_CONTACT_URL) and a phone number (SUPPORT_CONTACT_PHONE). Shown as
   * links in the web app (config.json), the sign-in pages and every mail's footer.
   */
  readonly supportContact: SupportContact;
  readonly companySeedCount: number;
  /**
   * Prebuilt PGlite data folders a first start unpacks instead of running initdb
   * (PGLITE_TEMPLATE_DIR, default `server/dist/pglite-template`, written by the build).
   */
  readonly pgliteTemplateDir: string;
  readonly securityMenuEnabled: boolean;
  /** Member-number prefixes that see the security menu; undefined = core's default list. */
  readonly securityMenuPrefixes: ReadonlyArray<string> | undefined;
  readonly languageCookieDomain: string | undefined;
  readonly webDistDir: string;
  readonly supportClientSecret: string | undefined;
  readonly logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * Which peers may set X-Forwarded-For/-Proto/-Host (TRUST_PROXY): none (`false`), the
   * nearest `n` hops, or the listed proxy addresses and CIDR ranges. Never every peer: that
   * would let any client choose the address its rate limits are counted under.
   */
  readonly trustProxy: TrustProxy;
  /** How often the server's worker sends queued mails (MAIL_QUEUE_POLL_MS, default 1000). */
  readonly mailQueuePollMs: number;
  /**
   * How often each process looks for Shared Signals to push besides the round after a
   * request that queued one (retries, other nodes' events; SSF_DELIVERY_POLL_MS, default 1000).
   */
  readonly ssfDeliveryPollMs: number;
  /**
   * Seconds a device (`portal login`) waits between two polls of the embedded provider's
   * token endpoint (DEVICE_POLL_SECONDS, default 5: RFC 8628's default, and Keycloak's realm
   * setting "OAuth 2.0 Device Polling Interval", which rules when Keycloak signs in).
   */
  readonly devicePollSeconds: number;
  /**
   * How long a node keeps answering after SIGTERM while its balancer takes it out of rotation
   * (SHUTDOWN_DRAIN_MS, default 0: no balancer): /readyz says 503 meanwhile.
   */
  readonly shutdownDrainMs: number;
  /** Redis for shared rate-limit counters (REDIS_URL); unset keeps them in the database. */
  readonly redisUrl: string | undefined;
  /**
   * Extra origins the web app may send a person to after login (REDIRECT_ALLOW_LIST), on
   * top of its own, the branding and the stored web targets' origins.
   */
  readonly redirectAllowList: ReadonlyArray<string>;
  /**
   * The only origins Shared Signals push streams may post to (SSF_RECEIVER_ORIGINS,
   * comma-separated; none by default: push is then refused, poll still works).
   */
  readonly ssfReceiverOrigins: ReadonlyArray<string>;
  /** Client ids whose client-credentials tokens may manage streams (SSF_RECEIVER_CLIENTS). */
  readonly ssfReceiverClients: ReadonlyArray<string>;
  /**
   * Secret of the HMAC that turns e-mail and client addresses into counter keys
   * (KEYED_HASH_SECRET, at least 32 characters); unset, one is generated and kept in the database.
   */
  readonly keyedHashSecret: string | undefined;
  /**
   * Hours each kind of data is kept before the retention purge deletes it
   * (RETENTION_<KIND> such as RETENTION_OUTBOX=30d; see {@link RETENTION_DEFAULTS}).
   */
  readonly retentionHours: Readonly<Record<RetentionKind, number>>;
  /**
   * Days a confirmed deletion waits before the erasure (DELETION_GRACE_DAYS, default 0, at
   * most 30). 0 is the spec's behaviour: the confirmation click erases at once. Above 0 the
   * click closes the account and mails a restore link valid until the purge erases it.
   */
  readonly deletionGraceDays: number;
  /** Minutes between two scheduled purges (PURGE_INTERVAL_MINUTES, default 60; 0 = none). */
  readonly purgeIntervalMinutes: number;
  /**
   * TEST_CLOCK=true: the server's clock can be read and moved at `/__test/clock` from this
   * machine, so end-to-end tests move time (code windows, link lifetimes, the fresh sign-in)
   * instead of waiting. Refused unless NODE_ENV=test, and with a PUBLIC_URL that is not
   * this machine (http/test-clock-routes.ts): never in production.
   */
  readonly testClock: boolean;
  /**
   * KEYCLOAK_USER_SYNC (default true): in Keycloak mode, keep Keycloak's users in step with
   * the portal's persons (provider/keycloak/user-sync.ts). False for an operator who
   * provisions Keycloak otherwise, and for tests whose subject is something else.
   */
  readonly keycloakUserSync: boolean;
}

/** The one support contact every surface shows (see {@link Config.supportContact}). */
export interface SupportContact {
  readonly email: string;
  readonly url: string | undefined;
  readonly phone: string | undefined;
}

/** How long each kind is kept unless configured: the periods the README's privacy section names. */
export const RETENTION_DEFAULTS: Readonly<Record<RetentionKind, string>> = {
  "analytics-events": "90d",
  activity: "90d",
  "mail-tokens": "30d",
  "login-failures": "24h",
  outbox: "30d",
  "unconfirmed-registrations": "30d",
  "mail-log": "30d",
};

/** The variable of a kind: `mail-tokens` is RETENTION_MAIL_TOKENS. */
export const retentionVariable = (kind: RetentionKind): string =>
  `RETENTION_${kind.toUpperCase().replaceAll("-", "_")}`;

// At least an hour (a shorter period would purge what a running flow still needs, such as
// a login lockout); at most ten years.
const MAX_RETENTION_HOURS = 10 * 365 * 24;

/** A period such as `90d` or `24h` in hours; anything else names the variable and the rule. */
const readRetention = (env: Env, kind: RetentionKind): number => {
  const name = retentionVariable(kind);
  const raw = optional(env, name) ?? RETENTION_DEFAULTS[kind];
  const match = /^(\d{1,6})\s*([hd])$/i.exec(raw);
  const hours = match ? Number(match[1]) * (match[2]?.toLowerCase() === "d" ? 24 : 1) : Number.NaN;
  if (!(hours >= 1 && hours <= MAX_RETENTION_HOURS)) {
    throw new ConfigError(
      `Invalid ${name}=${JSON.stringify(raw)}: expected a period of 1h to 3650d in hours or days, such as ${RETENTION_DEFAULTS[kind]}`,
    );
  }
  return hours;
};

const PurgeMinutes = Schema.FiniteFromString.check(
  Schema.isInt({ message: "expected whole minutes (0 turns the scheduled purge off)" }),
  Schema.isBetween({ minimum: 0, maximum: 7 * 24 * 60 }),
);

// At most 30 days: Art. 12(3) GDPR gives a controller one month to act on a request, so an
// erasure held back longer would no longer be "without undue delay" (Art. 17(1)).
const MAX_GRACE_DAYS = 30;

/** DELETION_GRACE_DAYS: whole days 0 to 30; anything else names the variable and the rule. */
const readGraceDays = (env: Env): number => {
  const raw = optional(env, "DELETION_GRACE_DAYS") ?? "0";
  const days = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(days >= 0 && days <= MAX_GRACE_DAYS)) {
    throw new ConfigError(
      `Invalid DELETION_GRACE_DAYS=${JSON.stringify(raw)}: expected whole days from 0 (the confirmation click erases at once) to ${MAX_GRACE_DAYS}, such as 14`,
    );
  }
  return days;
};

/** MAIL_OUTBOX: who may read the outbox while mails are not sent over SMTP. */
export const MAIL_OUTBOX_MODES = ["local", "public"] as const;
export type MailOutbox = (typeof MAIL_OUTBOX_MODES)[number];

const MailOutboxMode = Schema.Literals(MAIL_OUTBOX_MODES).annotate({
  message:
    "expected local (the default: the outbox only for a loopback PUBLIC_URL, read on this machine) or public (anyone who reaches the server reads every mail: demos only)",
});

/** Trusted proxies: off, a hop count, or proxy addresses/CIDRs (Fastify's `trustProxy`). */
export type TrustProxy = false | number | ReadonlyArray<string>;

/** A bad environment value; the message is one line naming the variable. */
/** The realm path the embedded provider serves (Keycloak's layout). */
export const REALM_PATH = "/realms/portal";

/**
 * True when OIDC_ISSUER is the embedded provider; false in Keycloak mode (an external
 * Keycloak realm signs people in and holds their second factors).
 */
export const isEmbeddedIssuer = (config: Pick<Config, "oidcIssuer" | "publicUrl">): boolean =>
  config.oidcIssuer === `${config.publicUrl}${REALM_PATH}`;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Why an external OIDC_ISSUER needs SUPPORT_CLIENT_SECRET (index.ts asks it of a test's config too). */
export const EXTERNAL_ISSUER_NEEDS_SECRET =
  "Missing SUPPORT_CLIENT_SECRET: with an external OIDC_ISSUER the portal ends a person's Keycloak sessions (password change, securing, deletion) through Keycloak's admin API as the client portal-support";

type Env = Readonly<Record<string, string | undefined>>;

const HttpUrl = Schema.String.check(
  Schema.isPattern(/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/, {
    message: "expected an absolute http(s) URL",
  }),
);
const Port = Schema.FiniteFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 65_535 }),
);
const Count = Schema.FiniteFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 100_000_000 }),
);
const PollMs = Schema.FiniteFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 50, maximum: 3_600_000 }),
);
const PollSeconds = Schema.FiniteFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 1, maximum: 60 }),
);
const DrainMs = Schema.FiniteFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 0, maximum: 120_000 }),
);
// Origins only (no path, query or credentials): the web app compares origins, and a path
// here would read as a restriction it does not enforce.
const OriginList = Schema.String.check(
  Schema.isPattern(/^(\s*https?:\/\/[^\s/?#@,]+\/?\s*(,\s*https?:\/\/[^\s/?#@,]+\/?\s*)*)?$/, {
    message: "expected comma-separated http(s) origins such as https://shop.example.org",
  }),
);
const Secret = Schema.String.check(
  Schema.isMinLength(32, {
    message: "expected at least 32 characters (e.g. openssl rand -base64 32)",
  }),
);
// One address, ASCII only (it goes into mailto: links and mail headers as it is).
const SupportEmail = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, {
    message: "expected one e-mail address such as support@example.org",
  }),
);
// Digits with the usual separators, an optional leading +: a tel: link is made of it.
const Phone = Schema.String.check(
  Schema.isPattern(/^\+?[0-9][0-9 ()/.-]{3,28}[0-9]$/, {
    message: "expected a phone number of digits, spaces and ()/.- such as +49 211 1234-0",
  }),
);
const BooleanText = Schema.Literals(["true", "false", "1", "0", "yes", "no"]);
const LogLevel = Schema.Literals(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const PrefixList = Schema.String.check(
  Schema.isPattern(/^(\s*\d{3}\s*(,\s*\d{3}\s*)*)?$/, {
    message: "expected comma-separated three-digit prefixes",
  }),
);

/** Decodes one variable, or throws a {@link ConfigError} naming it. */
const read = <S extends Schema.Top & { readonly DecodingServices: never }>(
  env: Env,
  name: string,
  schema: S,
  fallback: string,
): S["Type"] => {
  const raw = env[name]?.trim() || fallback;
  const result = Schema.decodeUnknownResult(schema)(raw);
  if (Result.isFailure(result)) {
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(raw)}: ${result.failure.message}`);
  }
  return result.success;
};

const optional = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;
const withoutSlash = (url: string): string => url.replace(/\/+$/, "");
/** The distinct origins of a checked comma-separated list; an entry that is no URL names the variable. */
const originsOf = (name: string, list: string): string[] => {
  const origins = list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const url = URL.parse(entry);
      if (!url) throw new ConfigError(`Invalid ${name}: ${JSON.stringify(entry)} is not a URL`);
      return url.origin;
    });
  return [...new Set(origins)];
};
// proxy-addr's names for the loopback, link-local and private ranges.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * TRUST_PROXY: unset/`false`/`0` off; a hop count (`1` = one proxy in front, whose added
 * X-Forwarded-For entry is the client); `true` means one hop, never "trust every peer";
 * or comma-separated proxy addresses/CIDRs (`10.0.0.0/8, 192.168.1.5`, or `loopback`).
 */
const readTrustProxy = (env: Env): TrustProxy => {
  const raw = optional(env, "TRUST_PROXY")?.toLowerCase();
  if (raw === undefined || raw === "false" || raw === "no" || raw === "off") return false;
  if (raw === "true" || raw === "yes" || raw === "on") return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 20)
      throw new ConfigError(`Invalid TRUST_PROXY=${JSON.stringify(raw)}: at most 20 hops`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid TRUST_PROXY: ${JSON.stringify(bad)} is neither a hop count nor a proxy address or CIDR (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5)`,
    );
  }
  return entries;
};

const toBoolean = (value: string): boolean => value === "true" || value === "1" || value === "yes";

/**
 * support@ the homepage's domain (without a leading www.): a sensible address to start
 * with; support@example.org for a homepage on a bare host name or an IP address.
 */
const defaultSupportEmail = (homepageUrl: string): string => {
  const host = new URL(homepageUrl).hostname.replace(/^www\./, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) && isIP(host) === 0
    ? `support@${host}`
    : "support@example.org";
};

/**
 * SSF_RECEIVER_ORIGINS: http(s) origins only (scheme, host, port; no path), as the push
 * delivery compares an endpoint's origin with them; anything else names the variable.
 */
const readSsfOrigins = (env: Env): string[] => {
  const list = optional(env, "SSF_RECEIVER_ORIGINS");
  if (list === undefined) return [];
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const url = URL.parse(entry);
      if (!url || !/^https?:$/.test(url.protocol) || entry.replace(/\/$/, "") !== url.origin) {
        throw new ConfigError(
          `Invalid SSF_RECEIVER_ORIGINS: ${JSON.stringify(entry)} is not an origin like https://app.example.org (scheme, host and port only)`,
        );
      }
      return url.origin;
    });
};
/** SUPPORT_CONTACT_EMAIL, SUPPORT_CONTACT_URL, SUPPORT_CONTACT_PHONE; a bad one names its variable. */
const readSupportContact = (env: Env, homepageUrl: string): SupportContact => {
  const url = optional(env, "SUPPORT_CONTACT_URL");
  const phone = optional(env, "SUPPORT_CONTACT_PHONE");
  return {
    email: read(env, "SUPPORT_CONTACT_EMAIL", SupportEmail, defaultSupportEmail(homepageUrl)),
    url: url === undefined ? undefined : read(env, "SUPPORT_CONTACT_URL", HttpUrl, url),
    phone: phone === undefined ? undefined : read(env, "SUPPORT_CONTACT_PHONE", Phone, phone),
  };
};

/**
 * Decodes the environment into a {@link Config}; a bad value throws one line naming the variable.
 *
 * @example
 * loadConfig({ PORT: "9000" }).publicUrl; // "http://localhost:9000"
 */
export const loadConfig = (env: Env = process.env): Config => {
  const port = read(env, "PORT", Port, "8080");
  const publicUrl = withoutSlash(read(env, "PUBLIC_URL", HttpUrl, `http://localhost:${port}`));
  const databaseUrl = optional(env, "DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("Invalid DATABASE_URL: expected postgres://user@host:port/database");
  }
  const smtpUrl = optional(env, "SMTP_URL");
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError("Invalid SMTP_URL: expected smtp://host:port or smtps://...");
  }
  const redisUrl = optional(env, "REDIS_URL");
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError("Invalid REDIS_URL: expected redis://host:port or rediss://...");
  }
  const prefixes = optional(env, "SECURITY_MENU_PREFIXES");
  const allowList = optional(env, "REDIRECT_ALLOW_LIST");
  const keyedHashSecret = optional(env, "KEYED_HASH_SECRET");
  const homepageUrl = withoutSlash(read(env, "HOMEPAGE_URL", HttpUrl, "https://www.example.org"));
  const testClock = toBoolean(read(env, "TEST_CLOCK", BooleanText, "false"));
  if (testClock && env.NODE_ENV !== "test") {
    throw new ConfigError(
      `Invalid TEST_CLOCK=${JSON.stringify(env.TEST_CLOCK)}: only with NODE_ENV=test (it lets this machine move the server's time)`,
    );
  }
  const oidcIssuer = withoutSlash(read(env, "OIDC_ISSUER", HttpUrl, `${publicUrl}${REALM_PATH}`));
  if (!isEmbeddedIssuer({ oidcIssuer, publicUrl })) {
    if (!/\/realms\/[^/]+$/.test(new URL(oidcIssuer).pathname)) {
      throw new ConfigError(
        `Invalid OIDC_ISSUER=${JSON.stringify(env.OIDC_ISSUER)}: expected a Keycloak realm address ending in /realms/<realm>`,
      );
    }
    if (!optional(env, "SUPPORT_CLIENT_SECRET"))
      throw new ConfigError(EXTERNAL_ISSUER_NEEDS_SECRET);
  }
  return {
    port,
    host: optional(env, "HOST") ?? "0.0.0.0",
    publicUrl,
    dataDir: resolve(optional(env, "DATA_DIR") ?? ".data"),
    databaseUrl,
    smtpUrl,
    mailOutbox: read(env, "MAIL_OUTBOX", MailOutboxMode, "local"),
    mailFrom: optional(env, "MAIL_FROM") ?? `no-reply@${new URL(publicUrl).hostname}`,
    oidcIssuer,
    oidcClientId: optional(env, "OIDC_CLIENT_ID") ?? "benutzerverwaltung",
    associationName: optional(env, "ASSOCIATION_NAME") ?? "Business Credit Association",
    homepageUrl,
    faqUrl: read(env, "FAQ_URL", HttpUrl, `${homepageUrl}/faq`),
    legalNoticeUrl: read(env, "LEGAL_NOTICE_URL", HttpUrl, `${homepageUrl}/legal-notice`),
    termsOfUseUrl: read(env, "TERMS_OF_USE_URL", HttpUrl, `${homepageUrl}/terms-of-use`),
    signupUrl: read(env, "SIGNUP_URL", HttpUrl, `${publicUrl}${routePath("register")}`),
    supportContact: readSupportContact(env, homepageUrl),
    companySeedCount: read(env, "COMPANY_SEED_COUNT", Count, String(DEFAULT_COMPANY_SEED_COUNT)),
    pgliteTemplateDir: resolve(optional(env, "PGLITE_TEMPLATE_DIR") ?? defaultTemplateDir()),
    securityMenuEnabled: toBoolean(read(env, "SECURITY_MENU_ENABLED", BooleanText, "true")),
    securityMenuPrefixes:
      prefixes === undefined
        ? undefined
        : read(env, "SECURITY_MENU_PREFIXES", PrefixList, prefixes)
            .split(",")
            .map((p) => p.trim())
            .filter((p) => p !== ""),
    languageCookieDomain: optional(env, "LANGUAGE_COOKIE_DOMAIN"),
    webDistDir: resolve(
      optional(env, "WEB_DIST_DIR") ?? join(serverPackageDir(), "..", "web", "dist"),
    ),
    supportClientSecret: optional(env, "SUPPORT_CLIENT_SECRET"),
    logLevel: read(env, "LOG_LEVEL", LogLevel, "info"),
    trustProxy: readTrustProxy(env),
    mailQueuePollMs: read(env, "MAIL_QUEUE_POLL_MS", PollMs, "1000"),
    ssfDeliveryPollMs: read(env, "SSF_DELIVERY_POLL_MS", PollMs, "1000"),
    devicePollSeconds: read(env, "DEVICE_POLL_SECONDS", PollSeconds, "5"),
    shutdownDrainMs: read(env, "SHUTDOWN_DRAIN_MS", DrainMs, "0"),
    redisUrl,
    redirectAllowList:
      allowList === undefined
        ? []
        : originsOf("REDIRECT_ALLOW_LIST", read(env, "REDIRECT_ALLOW_LIST", OriginList, allowList)),
    ssfReceiverOrigins: readSsfOrigins(env),
    ssfReceiverClients: (optional(env, "SSF_RECEIVER_CLIENTS") ?? "portal-support")
      .split(",")
      .map((c) => c.trim())
      .filter((c) => c !== ""),
    keyedHashSecret:
      keyedHashSecret === undefined
        ? undefined
        : read(env, "KEYED_HASH_SECRET", Secret, keyedHashSecret),
    retentionHours: Object.fromEntries(
      RETENTION_KINDS.map((kind) => [kind, readRetention(env, kind)]),
    ) as Record<RetentionKind, number>,
    purgeIntervalMinutes: read(env, "PURGE_INTERVAL_MINUTES", PurgeMinutes, "60"),
    deletionGraceDays: readGraceDays(env),
    testClock,
    keycloakUserSync: toBoolean(read(env, "KEYCLOAK_USER_SYNC", BooleanText, "true")),
  };
};

/** The config of a test or tool: defaults with `overrides` on top (no environment read). */
export const configWith = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  ...overrides,
});
