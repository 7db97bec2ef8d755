import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { identitySettings } from "./identity-settings.js";
import { EXTERNAL_ISSUER_NEEDS_SECRET, loadConfig } from "./index.js";
import { mailSettings } from "./mail-settings.js";
import { processSettings } from "./process-settings.js";
import { purgeSettings, retentionSettings } from "./retention-settings.js";
import { securitySettings } from "./security-settings.js";
import type { Env, Settings } from "./setting.js";
import { linkSettings, siteSettings } from "./site-settings.js";
import { ssfSettings } from "./ssf-settings.js";
import { storageSettings } from "./storage-settings.js";
import { supportContactSettings } from "./support-contact-settings.js";

// What an operator reads when the environment is wrong: every refused variable at once, a
// line each naming it, what was given and what is allowed (before, effect's words such as
// "Expected a value between 0 and 65535", and only the first problem).

/** The problems a start refuses `env` with; none when it starts. */
const problemsOf = (env: Env): ReadonlyArray<string> => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    expect(error.message).toBe(error.problems.join("\n"));
    return error.problems;
  }
};

describe("a refused value names the variable, what was given and what is allowed", () => {
  it.each([
    // Number ranges: one wording whether the text is no number, a fraction or out of range.
    ["PORT", "abc", "expected a whole number from 0 (a free port) to 65535"],
    ["PORT", "80.5", "expected a whole number from 0 (a free port) to 65535"],
    ["PORT", "70000", "expected a whole number from 0 (a free port) to 65535"],
    ["MAIL_QUEUE_POLL_MS", "10", "expected whole milliseconds from 50 to 3600000"],
    ["DEVICE_POLL_SECONDS", "1.5", "expected whole seconds from 1 to 60"],
    ["COMPANY_SEED_COUNT", "-1", "expected a whole number from 0 to 100000000"],
    [
      "PURGE_INTERVAL_MINUTES",
      "20000",
      "expected whole minutes from 0 (no scheduled purge) to 10080 (a week)",
    ],
    [
      "SHUTDOWN_DRAIN_MS",
      "1e6",
      "expected whole milliseconds from 0 (no balancer to wait for) to 120000",
    ],
    // URLs.
    [
      "PUBLIC_URL",
      "localhost:8080",
      "expected an absolute http(s) URL such as https://www.example.org",
    ],
    ["FAQ_URL", "/faq", "expected an absolute http(s) URL such as https://www.example.org"],
    ["SMTP_URL", "http://mail", "expected smtp://host:port or smtps://..."],
    // Enumerations and switches.
    ["LOG_LEVEL", "loud", "expected one of fatal, error, warn, info, debug, trace, silent"],
    ["KEYCLOAK_USER_SYNC", "TRUE", "expected true or false (or 1 or 0, yes or no)"],
    // Periods.
    [
      "RETENTION_LOGIN_FAILURES",
      "30m",
      "expected a period of 1h to 3650d in hours or days, such as 24h",
    ],
  ])("%s=%j", (name, value, expected) => {
    expect(problemsOf({ [name]: value })).toEqual([
      `Invalid ${name}=${JSON.stringify(value)}: ${expected}`,
    ]);
  });

  it("names the refused entries of a list of several, and how many hops are allowed", () => {
    expect(problemsOf({ TRUST_PROXY: "10.0.0.1, evil, 10.0.0.0/33" })).toEqual([
      'Invalid TRUST_PROXY="10.0.0.1, evil, 10.0.0.0/33": not proxy addresses or CIDR ranges: "evil", "10.0.0.0/33"; expected false, a hop count up to 20 (true is 1), or comma-separated proxy addresses and CIDR ranges (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5)',
    ]);
    expect(problemsOf({ TRUST_PROXY: "100" })[0]).toMatch(
      /^Invalid TRUST_PROXY="100": at most 20 hops; expected false, a hop count up to 20/,
    );
    expect(problemsOf({ REDIRECT_ALLOW_LIST: "https://a.example, https://:443" })).toEqual([
      'Invalid REDIRECT_ALLOW_LIST="https://a.example, https://:443": not http(s) origins: "https://:443"; expected comma-separated http(s) origins such as https://shop.example.org',
    ]);
    expect(problemsOf({ SECURITY_MENU_PREFIXES: "100,10,abc" })).toEqual([
      'Invalid SECURITY_MENU_PREFIXES="100,10,abc": not three-digit prefixes: "10", "abc"; expected comma-separated three-digit prefixes such as 100,205',
    ]);
    expect(problemsOf({ SSF_RECEIVER_ORIGINS: "https://a.example,ftp://b.example" })).toEqual([
      'Invalid SSF_RECEIVER_ORIGINS="https://a.example,ftp://b.example": not origins: "ftp://b.example"; expected comma-separated origins like https://app.example.org (scheme, host and port only)',
    ]);
  });

  it("never shows a secret, nor the password in a URL: error lines end up in logs", () => {
    expect(problemsOf({ KEYED_HASH_SECRET: "hunter2" })).toEqual([
      "Invalid KEYED_HASH_SECRET (7 characters, not shown): expected at least 32 characters (e.g. openssl rand -base64 32)",
    ]);
    const problems = problemsOf({
      DATABASE_URL: "mysql://portal:hunter2@db.example/portal",
      REDIS_URL: "memcache://:hunter2@cache.example",
    });
    expect(problems).toEqual([
      'Invalid DATABASE_URL="mysql://portal:***@db.example/portal": expected postgres://user@host:port/database',
      'Invalid REDIS_URL="memcache://:***@cache.example": expected redis://host:port or rediss://...',
    ]);
  });
});

describe("every problem at once", () => {
  it("lists each refused variable, a line each, in the order of the groups", () => {
    expect(
      problemsOf({
        PORT: "abc",
        LOG_LEVEL: "loud",
        RETENTION_OUTBOX: "30",
        MAIL_OUTBOX: "PUBLIC",
        TEST_CLOCK: "yes",
      }),
    ).toEqual([
      'Invalid PORT="abc": expected a whole number from 0 (a free port) to 65535',
      'Invalid LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent',
      'Invalid MAIL_OUTBOX="PUBLIC": expected local (the default: the outbox only for a loopback PUBLIC_URL, read on this machine) or public (anyone who reaches the server reads every mail: demos only)',
      'Invalid RETENTION_OUTBOX="30": expected a period of 1h to 3650d in hours or days, such as 30d',
      'Invalid TEST_CLOCK="yes": only with NODE_ENV=test (it lets this machine move the server\'s time)',
    ]);
  });

  it("still checks the settings whose defaults build on a refused one", () => {
    // HOMEPAGE_URL's default stands in, so FAQ_URL and the support address are read too.
    expect(
      problemsOf({
        HOMEPAGE_URL: "verband.example",
        FAQ_URL: "faq",
        SUPPORT_CONTACT_EMAIL: "support",
      }),
    ).toEqual([
      'Invalid HOMEPAGE_URL="verband.example": expected an absolute http(s) URL such as https://www.example.org',
      'Invalid FAQ_URL="faq": expected an absolute http(s) URL such as https://www.example.org',
      'Invalid SUPPORT_CONTACT_EMAIL="support": expected one e-mail address such as support@example.org',
    ]);
  });
});

describe("Keycloak mode needs its variables", () => {
  it("reports a non-realm issuer and the missing secret together (before, only the first)", () => {
    expect(problemsOf({ OIDC_ISSUER: "https://sso.example/oidc" })).toEqual([
      'Invalid OIDC_ISSUER="https://sso.example/oidc": expected a Keycloak realm address ending in /realms/<realm>',
      EXTERNAL_ISSUER_NEEDS_SECRET,
    ]);
  });

  it("is satisfied by a realm address and the support client's secret", () => {
    const config = loadConfig({
      OIDC_ISSUER: "https://sso.example/realms/portal",
      SUPPORT_CLIENT_SECRET: "s3cret",
    });
    expect(config.oidcIssuer).toBe("https://sso.example/realms/portal");
    expect(config.supportClientSecret).toBe("s3cret");
  });

  it("is reported beside an unrelated refused value", () => {
    expect(problemsOf({ OIDC_ISSUER: "https://sso.example/realms/x", LOG_LEVEL: "loud" })).toEqual([
      'Invalid LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent',
      EXTERNAL_ISSUER_NEEDS_SECRET,
    ]);
  });

  it("is not judged on a stand-in: a refused issuer or portal address says it all", () => {
    expect(problemsOf({ OIDC_ISSUER: "ftp://sso.example/realms/x" })).toHaveLength(1);
    // The issuer matches the address the operator meant; the refused PUBLIC_URL is the problem.
    expect(
      problemsOf({
        PUBLIC_URL: "portal.example",
        OIDC_ISSUER: "https://portal.example/realms/portal",
      }),
    ).toEqual([
      'Invalid PUBLIC_URL="portal.example": expected an absolute http(s) URL such as https://www.example.org',
    ]);
    expect(
      problemsOf({ PORT: "eighty", OIDC_ISSUER: "http://localhost:80/realms/portal" }),
    ).toHaveLength(1);
  });
});

describe("the settings", () => {
  const groups: ReadonlyArray<Settings<never>> = [
    processSettings,
    storageSettings,
    siteSettings,
    linkSettings,
    supportContactSettings,
    mailSettings,
    identitySettings,
    securitySettings,
    ssfSettings,
    retentionSettings,
    purgeSettings,
  ];
  const names = groups.flatMap((group) => Object.values(group).map((s) => s.name));

  it("each read from one variable of its own", () => {
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(40);
  });

  it("are each documented in the server's README", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "..", "README.md"), "utf8");
    expect(names.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
