import { describe, expect, it } from "vitest";
import { ConfigError, EXTERNAL_ISSUER_NEEDS_SECRET, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("has working defaults for one machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "http://localhost:8080",
      oidcIssuer: "http://localhost:8080/realms/portal",
      oidcClientId: "benutzerverwaltung",
      databaseUrl: undefined,
      smtpUrl: undefined,
      companySeedCount: 50_000,
      securityMenuEnabled: true,
      securityMenuPrefixes: undefined,
      trustProxy: false,
      logLevel: "info",
      mailOutbox: "local",
      devicePollSeconds: 5,
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.webDistDir).toMatch(/web[/\\]dist$/);
    expect(config.pgliteTemplateDir).toMatch(/server[/\\]dist[/\\]pglite-template$/);
    expect(loadConfig({ PGLITE_TEMPLATE_DIR: "/srv/tpl" }).pgliteTemplateDir).toBe("/srv/tpl");
  });

  it("keeps each kind of data for its default period unless RETENTION_<KIND> says otherwise", () => {
    expect(loadConfig({}).retentionHours).toEqual({
      "analytics-events": 90 * 24,
      activity: 90 * 24,
      "mail-tokens": 30 * 24,
      "login-failures": 24,
      outbox: 30 * 24,
      "unconfirmed-registrations": 30 * 24,
      "mail-log": 30 * 24,
    });
    expect(loadConfig({}).purgeIntervalMinutes).toBe(60);
    const config = loadConfig({
      RETENTION_OUTBOX: "7d",
      RETENTION_LOGIN_FAILURES: "12h",
      RETENTION_UNCONFIRMED_REGISTRATIONS: " 14D ",
      PURGE_INTERVAL_MINUTES: "0",
    });
    expect(config.retentionHours).toMatchObject({
      outbox: 7 * 24,
      "login-failures": 12,
      "unconfirmed-registrations": 14 * 24,
    });
    expect(config.purgeIntervalMinutes).toBe(0);
    expect(() => loadConfig({ RETENTION_OUTBOX: "30" })).toThrow(
      'Invalid RETENTION_OUTBOX="30": expected a period of 1h to 3650d in hours or days, such as 30d',
    );
  });

  it("erases at the deletion click unless DELETION_GRACE_DAYS sets a grace period of up to 30 days", () => {
    expect(loadConfig({}).deletionGraceDays).toBe(0);
    expect(loadConfig({ DELETION_GRACE_DAYS: "0" }).deletionGraceDays).toBe(0);
    expect(loadConfig({ DELETION_GRACE_DAYS: " 14 " }).deletionGraceDays).toBe(14);
    expect(loadConfig({ DELETION_GRACE_DAYS: "30" }).deletionGraceDays).toBe(30);
    for (const raw of ["31", "-1", "1.5", "14d", "two weeks"]) {
      expect(() => loadConfig({ DELETION_GRACE_DAYS: raw })).toThrow(
        new RegExp(`^Invalid DELETION_GRACE_DAYS=${JSON.stringify(raw)}: expected`),
      );
    }
    expect(() => loadConfig({ DELETION_GRACE_DAYS: "31" })).toThrow(ConfigError);
  });

  it("reads one support contact: an address (default support@ the homepage's domain), a page and a phone", () => {
    expect(loadConfig({}).supportContact).toEqual({
      email: "support@example.org",
      url: undefined,
      phone: undefined,
    });
    expect(loadConfig({ HOMEPAGE_URL: "https://verband.example" }).supportContact.email).toBe(
      "support@verband.example",
    );
    for (const HOMEPAGE_URL of ["http://localhost:3000", "http://127.0.0.1"])
      expect(loadConfig({ HOMEPAGE_URL }).supportContact.email).toBe("support@example.org");
    expect(
      loadConfig({
        SUPPORT_CONTACT_EMAIL: " kundenservice@verband.example ",
        SUPPORT_CONTACT_URL: "https://verband.example/kontakt",
        SUPPORT_CONTACT_PHONE: "+49 211 1234-0",
      }).supportContact,
    ).toEqual({
      email: "kundenservice@verband.example",
      url: "https://verband.example/kontakt",
      phone: "+49 211 1234-0",
    });
  });

  it("derives PUBLIC_URL and the issuer from PORT, and trims trailing slashes", () => {
    expect(loadConfig({ PORT: "9000" }).publicUrl).toBe("http://localhost:9000");
    const config = loadConfig({ PUBLIC_URL: "https://portal.example/" });
    expect(config.publicUrl).toBe("https://portal.example");
    expect(config.oidcIssuer).toBe("https://portal.example/realms/portal");
    expect(
      loadConfig({ OIDC_ISSUER: "https://sso.example/realms/x/", SUPPORT_CLIENT_SECRET: "s" })
        .oidcIssuer,
    ).toBe("https://sso.example/realms/x");
  });

  // Issue 34: with Keycloak the portal ends sessions through its admin API (provider/keycloak).
  it("asks an external issuer for a Keycloak realm address and the support client's secret", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://sso.example/realms/x" })).toThrow(
      EXTERNAL_ISSUER_NEEDS_SECRET,
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: "https://sso.example/oidc", SUPPORT_CLIENT_SECRET: "s" }),
    ).toThrow(/^Invalid OIDC_ISSUER="https:\/\/sso.example\/oidc": expected a Keycloak realm/);
    // The embedded provider needs neither.
    expect(loadConfig({ OIDC_ISSUER: "http://localhost:8080/realms/portal" }).oidcIssuer).toBe(
      "http://localhost:8080/realms/portal",
    );
  });

  it("reads the switches and lists", () => {
    const config = loadConfig({
      SECURITY_MENU_ENABLED: "false",
      SECURITY_MENU_PREFIXES: "100, 205,989",
      TRUST_PROXY: "1",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal",
    });
    expect(config.securityMenuEnabled).toBe(false);
    expect(config.securityMenuPrefixes).toEqual(["100", "205", "989"]);
    expect(config.trustProxy).toBe(1);
    expect(config.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/portal");
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    [" 10.0.0.0/8, 192.168.1.5 ", ["10.0.0.0/8", "192.168.1.5"]],
    ["::1, fd00::/8", ["::1", "fd00::/8"]],
    ["loopback", ["loopback"]],
  ])("reads TRUST_PROXY=%j as off, a hop count or proxy addresses: %j", (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it("reads MAIL_OUTBOX: local unless a public outbox is asked for by name", () => {
    expect(loadConfig({ MAIL_OUTBOX: "public" }).mailOutbox).toBe("public");
    expect(loadConfig({ MAIL_OUTBOX: " local " }).mailOutbox).toBe("local");
    expect(() => loadConfig({ MAIL_OUTBOX: "yes" })).toThrow(
      'Invalid MAIL_OUTBOX="yes": expected local (the default: the outbox only for a loopback PUBLIC_URL, read on this machine) or public (anyone who reaches the server reads every mail: demos only)',
    );
  });

  it("reads REDIRECT_ALLOW_LIST as distinct origins", () => {
    expect(loadConfig({}).redirectAllowList).toEqual([]);
    expect(
      loadConfig({
        REDIRECT_ALLOW_LIST:
          " https://Shop.example.org/ , http://intranet.example:8443,https://shop.example.org:443",
      }).redirectAllowList,
    ).toEqual(["https://shop.example.org", "http://intranet.example:8443"]);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["PUBLIC_URL", "localhost:8080"],
    ["OIDC_ISSUER", "ftp://issuer"],
    ["HOMEPAGE_URL", "not a url"],
    ["SUPPORT_CONTACT_EMAIL", "support"],
    ["SUPPORT_CONTACT_EMAIL", "a@b.example, c@d.example"],
    ["SUPPORT_CONTACT_EMAIL", "hilfe@verbänd.example"],
    ["SUPPORT_CONTACT_URL", "javascript:alert(1)"],
    ["SUPPORT_CONTACT_PHONE", "call us"],
    ["SUPPORT_CONTACT_PHONE", "+49 211<script>"],
    ["DATABASE_URL", "mysql://x"],
    ["SMTP_URL", "http://mail"],
    ["COMPANY_SEED_COUNT", "-1"],
    ["SECURITY_MENU_ENABLED", "maybe"],
    ["SECURITY_MENU_PREFIXES", "10,abc"],
    ["LOG_LEVEL", "loud"],
    ["MAIL_QUEUE_POLL_MS", "10"],
    ["DEVICE_POLL_SECONDS", "0"],
    ["DEVICE_POLL_SECONDS", "1.5"],
    ["REDIRECT_ALLOW_LIST", "shop.example.org"],
    ["REDIRECT_ALLOW_LIST", "https://shop.example.org/path"],
    ["REDIRECT_ALLOW_LIST", "https://shop.example.org,javascript:alert(1)"],
    ["REDIRECT_ALLOW_LIST", "https://user@shop.example.org"],
    ["REDIRECT_ALLOW_LIST", "https://:443"],
    ["TRUST_PROXY", "all"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "10.0.0.1,evil"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "1.5"],
    ["TRUST_PROXY", "100"],
    ["RETENTION_OUTBOX", "30"],
    ["RETENTION_OUTBOX", "0d"],
    ["RETENTION_ACTIVITY", "-5d"],
    ["RETENTION_LOGIN_FAILURES", "30m"],
    ["RETENTION_ANALYTICS_EVENTS", "4000d"],
    ["RETENTION_MAIL_LOG", "1.5d"],
    ["PURGE_INTERVAL_MINUTES", "-1"],
    ["PURGE_INTERVAL_MINUTES", "hourly"],
    ["PURGE_INTERVAL_MINUTES", "20000"],
    ["MAIL_OUTBOX", "true"],
    ["MAIL_OUTBOX", "PUBLIC"],
  ])("stops with one line naming %s for the bad value %j", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });
});
