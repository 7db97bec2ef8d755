import { beforeAll, describe, expect, it } from "vitest";
import { downUrl, runPortal, useTestPortal } from "./cli-harness.js";

// Commands that need no sign-in, against a real server; each case starts a Node process.
const { portal, confirmed } = useTestPortal();

const portalCli = (args: string[], env: Record<string, string> = {}) =>
  runPortal([...args, "--url", portal().url], { env });

describe.concurrent("portal web-target [KEY]", () => {
  it("default key MC, aligned", async () => {
    const r = await portalCli(["web-target"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^Key\s+MC$/m);
    expect(r.stdout).toMatch(/^URL\s+https?:\/\/\S+$/m);
    expect(r.stdout).toMatch(/^Source system\s+\S+/m);
  });

  it("the key is upper-cased; --json is one document", async () => {
    const r = await portalCli(["web-target", "mc", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ key: "MC" });
  });

  it("PORTAL_URL is used when --url is not given", async () => {
    const r = await runPortal(["web-target", "--json"], { env: { PORTAL_URL: portal().url } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ key: "MC" });
  });

  it("an unknown key: exit 1, the portal's answer in words with the correlation id", async () => {
    const r = await portalCli(["web-target", "no-such-key"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      "An error occurred: There is no web target with the key NO-SUCH-KEY. Known keys: BONITAET, INKASSO, MARKETING, MC.",
    );
    expect(r.stderr).toContain(
      `HTTP 404 from ${portal().url}/api/user-management/web-targets/NO-SUCH-KEY`,
    );
    expect(r.stderr).toMatch(/^Error reference: \S+$/m);
  });

  it("in German and French", async () => {
    const de = await portalCli(["web-target", "nope", "--lang", "de"]);
    expect(de.stderr).toContain(
      "Ein Fehler ist aufgetreten: Es gibt kein Web-Ziel mit dem Schlüssel NOPE. Bekannte Schlüssel: BONITAET, INKASSO, MARKETING, MC.",
    );
    expect(de.stderr).toMatch(/^Fehlerreferenz: \S+$/m);
    const fr = await portalCli(["web-target", "nope"], { LANG: "fr_FR.UTF-8" });
    expect(fr.stderr).toContain("Il n'existe aucune cible web avec la clé NOPE.");
  });

  it("--json failure: one JSON document on stderr with codes and correlation id", async () => {
    const r = await portalCli(["web-target", "nope", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({
      error: {
        kind: "http",
        status: 404,
        errorCodes: ["NOT_FOUND"],
        correlationId: expect.any(String),
      },
    });
  });
});

describe("portal outbox [--to ADDRESS] [--open N]", () => {
  let email = "";
  beforeAll(async () => {
    email = await confirmed("outbox", { givenName: "Olga", surName: "Outbox" });
  }, 60_000);

  it("lists the mails to an address, newest first, numbered", async () => {
    const r = await portalCli(["outbox", "--to", email]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^#\s+Date\s+To\s+Subject$/m);
    expect(r.stdout).toMatch(
      new RegExp(`^1\\s+\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} UTC\\s+${email}`, "m"),
    );
    expect(r.stdout).toContain("Read one with `portal outbox --open N`.");
  });

  it("--open 1 prints the mail with its text and its links", async () => {
    const r = await portalCli(["outbox", "--to", email, "--open", "1"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^To\\s+${email}$`, "m"));
    expect(r.stdout).toContain("Links:");
    expect(r.stdout).toContain("/benutzerverwaltung/registrierung-bestaetigen?optinId=");
  });

  it("--json lists the messages", async () => {
    const r = await portalCli(["outbox", "--to", email, "--json"]);
    const messages = JSON.parse(r.stdout) as Array<{ to: string; links: string[] }>;
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.to === email)).toBe(true);
  });

  it("--open past the end: exit 1 and how many there are", async () => {
    const r = await portalCli(["outbox", "--to", email, "--open", "99"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/There is no message 99: the outbox holds \d+ for this filter\./);
  });

  it("an address with no mail", async () => {
    const r = await portalCli(["outbox", "--to", "nobody-here@example.de"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("The outbox holds no mail for this filter.\n");
  });
});

describe.concurrent("portal health", () => {
  it("liveness, readiness, database kind and identity issuer", async () => {
    const r = await portalCli(["health"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toBe(
      [
        "Liveness            ok",
        "Readiness           ok",
        "Database            pglite",
        "Migrations applied  yes",
        `Identity issuer     ${portal().url}/realms/portal`,
        "",
      ].join("\n"),
    );
  });

  it("--json", async () => {
    const r = await portalCli(["health", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual({
      live: true,
      ready: true,
      report: {
        status: "ok",
        database: "pglite",
        migrations: true,
        issuer: `${portal().url}/realms/portal`,
      },
    });
  });
});

describe("portal company search TERM | --crefonummer DIGITS", () => {
  it("suggestions by name words, then by the crefonummer prefix of one of them", async () => {
    const byName = await portalCli(["company", "search", "GmbH", "--json"]);
    expect({ code: byName.code, stderr: byName.stderr }).toEqual({ code: 0, stderr: "" });
    const found = JSON.parse(byName.stdout) as {
      companyNameSuggestions: Array<{ crefonummer: string; name: string }>;
    };
    expect(found.companyNameSuggestions.length).toBeGreaterThan(0);
    expect(found.companyNameSuggestions.length).toBeLessThanOrEqual(10);
    const first = found.companyNameSuggestions[0]!;

    const human = await portalCli(["company", "search", "GmbH"]);
    expect(human.stdout).toMatch(/^Crefonummer\s+Name$/m);
    expect(human.stdout).toContain(first.name);

    const byNumber = await portalCli([
      "company",
      "search",
      "--crefonummer",
      first.crefonummer.slice(0, 8),
      "--json",
    ]);
    expect(byNumber.code).toBe(0);
    expect(JSON.parse(byNumber.stdout).companyNameSuggestions).toContainEqual(first);
  });

  it("nothing matches", async () => {
    const r = await portalCli(["company", "search", "Qxzjvwq"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("No company matches 'Qxzjvwq'.\n");
  });
});

describe.concurrent("the portal is down: exit 1, which URL and why", () => {
  it.each([
    [["web-target"], "/api/user-management/web-targets/MC"],
    [["outbox"], "/outbox/api/messages"],
    [["company", "search", "Muster"], "/api/gatinator/smart-signup/Muster"],
    [["health"], "/healthz"],
  ])("%j", async (args, path) => {
    const url = await downUrl();
    const r = await runPortal([...args, "--url", url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      new RegExp(`^The portal at ${url}${path} is unreachable: connect ECONNREFUSED`),
    );
  });

  it.each([
    ["person", "show", "--email", "erika@example.de"],
    ["resend-opt-in", "--email", "erika@example.de"],
    ["membership", "issue", "--member-number", "1234"],
  ])("support command %s %s: the identity provider is unreachable", async (...args) => {
    const url = await downUrl();
    const r = await runPortal([...args, "--url", url], { env: { PORTAL_CLIENT_SECRET: "x" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^The identity provider at ${url}/realms/portal is unreachable: `),
    );
  });
});
