import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { basePerson } from "@portal/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureCliBuilt, PORTAL_BIN, runPortal } from "./cli-harness.js";

// The offline commands and the help texts need no server. Each case starts a Node
// process, so they run concurrently.
beforeAll(() => ensureCliBuilt(), 120_000);

describe.concurrent("portal --help and each command's --help describe every option", () => {
  it("the program: every command, the global options, environment and exit codes", async () => {
    const r = await runPortal(["--help"]);
    expect(r.code).toBe(0);
    for (const text of [
      "web-target [key]",
      "resend-opt-in",
      "person",
      "membership",
      "company",
      "outbox",
      "password",
      "patch",
      "health",
      "login",
      "logout",
      "--json",
      "--lang <language>",
      "--url <url>",
      "PORTAL_URL",
      "PORTAL_CLIENT_SECRET",
      "Exit codes: 0 success, 1",
    ])
      expect(r.stdout).toContain(text);
  });

  it.each([
    [
      ["web-target", "--help"],
      ["[key]", "default: MC"],
    ],
    [["resend-opt-in", "--help"], ["--email <address>"]],
    [["person", "show", "--help"], ["--email <address>"]],
    [["person", "resend-deletion", "--help"], ["--email <address>"]],
    [["person", "resend-email-change", "--help"], ["--email <address>"]],
    [["membership", "issue", "--help"], ["--member-number <digits>"]],
    [
      ["company", "search", "--help"],
      ["[term]", "at least 3 characters", "--crefonummer <digits>"],
    ],
    [
      ["outbox", "--help"],
      ["--to <address>", "--open <n>"],
    ],
    [
      ["password", "check", "--help"],
      ["--given-name <name>", "--surname <name>", "--email <address>"],
    ],
    [
      ["patch", "preview", "--help"],
      ["--stored <file>", "--form <file>"],
    ],
    [["health", "--help"], ["readiness"]],
    [["login", "--help"], ["(device authorization"]],
    [["logout", "--help"], ["remove the stored tokens"]],
  ])("%j", async (args, texts) => {
    const r = await runPortal(args);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    // Every command also lists the global options.
    for (const text of [...texts, "Global Options:", "--json", "--lang <language>", "--url <url>"])
      expect(r.stdout).toContain(text);
  });
});

describe.concurrent("usage errors exit 2", () => {
  it.each([
    [["no-such-command"], "Unknown command 'no-such-command'."],
    [["person", "show"], "The required option '--email <address>' is missing."],
    [["person", "show", "--email", "erika"], "'erika' is not a valid e-mail address"],
    [
      ["membership", "issue", "--member-number", "12a4"],
      "The member number must be digits only, got '12a4'.",
    ],
    [["company", "search", "ab"], "The search term needs at least 3 characters"],
    [["company", "search", "--crefonummer", "20x1"], "A crefonummer is digits only, got '20x1'."],
    [["company", "search"], "Give either a search term or --crefonummer"],
    [["outbox", "--open", "zero"], "--open needs a whole number of 1 or more"],
    [["health", "--lang", "es"], "Invalid value 'es' for the option '--lang <language>'"],
    [["health", "--url", "ftp://portal"], "--url is not an http(s) URL: 'ftp://portal'."],
  ])("%j", async (args, message) => {
    const r = await runPortal(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
  });

  it("a bad PORTAL_URL names the variable, in the environment's language", async () => {
    const r = await runPortal(["health"], {
      env: { PORTAL_URL: "localhost:8080", LANG: "de_DE.UTF-8" },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("PORTAL_URL ist keine http(s)-URL: 'localhost:8080'.");
  });
});

describe.concurrent("portal password check (offline)", () => {
  it("a weak password: the failing requirements and a red meter, exit 1, never echoed", async () => {
    const r = await runPortal(["password", "check"], { stdin: "geheim\n" });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Requirements not met:");
    expect(r.stdout).toContain("The password is too short: it needs at least 10 characters.");
    expect(r.stdout).toContain("The password needs at least one uppercase letter.");
    expect(r.stdout).toMatch(/Colour\s+red/);
    expect(r.stdout + r.stderr).not.toContain("geheim");
  });

  it("a strong password, in German, as JSON", async () => {
    const r = await runPortal(["password", "check", "--json"], {
      stdin: "Sommer2024!xQ",
      env: { LANG: "de_DE.UTF-8" },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      errorCodes: [],
      strength: { level: 5, colour: "green" },
    });
  });

  it("the person's name makes it trivial", async () => {
    const r = await runPortal(["password", "check", "--given-name", "Erika", "--lang", "fr"], {
      stdin: "Erika2024!xyz\n",
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Le mot de passe est trop facile à deviner");
  });

  // util-linux `script` gives the CLI a real terminal, as when someone types.
  it.skipIf(!existsSync("/usr/bin/script"))(
    "on a terminal: a hidden prompt; what is typed is never shown",
    async () => {
      const child = spawn(
        "/usr/bin/script",
        ["-qfec", `node ${PORTAL_BIN} password check --lang en`, "/dev/null"],
        {
          env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), LANG: "en_US.UTF-8" },
        },
      );
      let output = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        // Type only once the prompt is there (the CLI has switched echo off by then).
        if (
          !output.includes("Password (not shown)") &&
          (output + chunk).includes("Password (not shown)")
        )
          child.stdin.write("Sommer2024!xQ\r");
        output += chunk;
      });
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect(code).toBe(0);
      expect(output).toContain("The password meets every requirement.");
      expect(output).not.toContain("Sommer2024");
    },
  );

  it("nothing on stdin is a usage error", async () => {
    const r = await runPortal(["password", "check"], { stdin: "" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("No password given");
  });
});

describe.concurrent("portal patch preview (offline)", () => {
  const stored = { ...basePerson, salutation: "MS", preferredLanguage: "de" };

  const files = async (form: string) => {
    const dir = await mkdtemp(join(tmpdir(), "portal-cli-patch-"));
    await writeFile(join(dir, "stored.json"), JSON.stringify(stored));
    await writeFile(join(dir, "form.json"), form);
    return { stored: join(dir, "stored.json"), form: join(dir, "form.json") };
  };

  it("prints the JSON Patch core would send", async () => {
    const f = await files(
      JSON.stringify({
        givenName: "Erika Maria",
        birthdayDay: "29",
        birthdayMonth: "02",
        birthdayYear: "1980",
        consentMarketing: true,
      }),
    );
    const r = await runPortal([
      "patch",
      "preview",
      "--stored",
      f.stored,
      "--form",
      f.form,
      "--json",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { op: "replace", path: "/givenName", value: "Erika Maria" },
      { op: "add", path: "/dateOfBirth", value: "1980-02-29" },
      { op: "replace", path: "/consentMarketing", value: "GIVEN" },
    ]);
    const human = await runPortal(["patch", "preview", "--stored", f.stored, "--form", f.form]);
    expect(human.stdout).toContain(
      "PATCH /api/user-management/persons/me (application/json-patch+json)",
    );
  });

  it("bad JSON: exit 2 with the file and the parser's reason", async () => {
    const f = await files("{ givenName: Erika }");
    const r = await runPortal(["patch", "preview", "--stored", f.stored, "--form", f.form]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${f.form} is not valid JSON:`);
  });

  it("an unknown form field: exit 2 naming it", async () => {
    const f = await files(JSON.stringify({ firstName: "Erika" }));
    const r = await runPortal(["patch", "preview", "--stored", f.stored, "--form", f.form]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("does not hold profile form fields");
    expect(r.stderr).toContain("firstName");
  });

  it("a missing file: exit 2", async () => {
    const r = await runPortal([
      "patch",
      "preview",
      "--stored",
      "/nonexistent.json",
      "--form",
      "/nonexistent.json",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Cannot read /nonexistent.json: ENOENT");
  });
});

describe("the bin runs the sources when asked (workspace mode)", () => {
  it("PORTAL_CLI_SOURCE=1 runs src/ through tsx", async () => {
    const r = await runPortal(["password", "check", "--json"], {
      stdin: "Sommer2024!xQ",
      env: { PORTAL_CLI_SOURCE: "1" },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true });
  });
});
