import { err } from "@portal/core";
import { describe, expect, it } from "vitest";
import type { ContainerFactory } from "./command-context.js";
import { createContainer } from "./container.js";
import { main } from "./index.js";
import { identityModule } from "./modules/identity-module.js";
import { fakeModule } from "./testing/fake-modules.js";
import { FakeTerminal } from "./testing/fake-terminal.js";
import { fakeCompanySearch, fakeWebTargets, refusal } from "./testing/fakes.js";

const mc = { key: "MC", url: "https://portal.example/", sourceSystem: "MC" };

/** The real container, with the web-target port replaced by a fake. */
const withFakes =
  (asked: string[] = []): ContainerFactory =>
  (settings, terminal) => {
    const fake = fakeWebTargets({ MC: mc });
    const webTargets = {
      get: async (key: string) => {
        asked.push(key);
        return fake.port.get(key);
      },
      keys: () => fake.port.keys(),
    };
    const companySearch = fakeCompanySearch(err(refusal(503, "BACKEND_ERROR"))).port;
    return createContainer(settings, terminal, {
      publicApi: fakeModule({ webTargets, companySearch }),
    });
  };

const run = async (
  args: string[],
  env: Record<string, string> = {},
  terminal = new FakeTerminal(),
) => {
  const code = await main(["node", "portal", ...args], {
    terminal,
    env: { HOME: "/nonexistent", ...env },
    containerFactory: withFakes(),
  });
  return { code, out: terminal.outText, err: terminal.errText, terminal };
};

describe("main", () => {
  it("human output on stdout, exit 0", async () => {
    const r = await run(["web-target", "--lang", "en"]);
    expect(r).toMatchObject({ code: 0, err: "" });
    expect(r.out).toContain("URL            https://portal.example/");
  });

  it("--json prints one JSON document", async () => {
    const r = await run(["--json", "web-target", "mc"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(mc);
  });

  it("the server's no: exit 1, worded on stderr in the environment's language", async () => {
    const r = await run(["web-target", "nope"], { LANG: "fr_FR.UTF-8" });
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain("Il n'existe aucune cible web avec la clé NOPE. Clés connues : MC.");
    expect(r.err).toContain("Référence de l'erreur : corr-1");
  });

  it("--json failures are one JSON document on stderr", async () => {
    const r = await run(["web-target", "nope", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.err)).toMatchObject({
      error: { kind: "http", status: 404, errorCodes: ["NOT_FOUND"] },
    });
  });

  it.each([
    [["bogus", "--lang", "en"], /^Unknown command 'bogus'\./],
    [["person", "show"], /^Die erforderliche Option '--email <address>' fehlt\./],
    [["web-target", "a", "b", "--lang", "en"], /^Too many arguments for 'web-target'/],
    [["--lang", "xx", "health"], /Ungültiger Wert 'xx' für die Option '--lang <language>'/],
    [["membership", "issue", "--member-number", "12a", "--lang", "en"], /digits only/],
    [["--url", "ftp://x", "health", "--lang", "en"], /--url is not an http\(s\) URL/],
  ])("usage errors exit 2: %j", async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it("--help and --version-less help exit 0; help describes every global option", async () => {
    const r = await run(["--help", "--lang", "en"]);
    expect(r.code).toBe(0);
    for (const text of [
      "--json",
      "--lang <language>",
      "--url <url>",
      "PORTAL_CLIENT_SECRET",
      "Exit codes",
    ])
      expect(r.out).toContain(text);
  });

  it("a spinner only on a terminal, and not with --json", async () => {
    const tty = new FakeTerminal({ tty: true });
    await run(["web-target"], {}, tty);
    expect(tty.spinners).toHaveLength(1);
    const piped = new FakeTerminal();
    await run(["web-target"], {}, piped);
    expect(piped.spinners).toHaveLength(0);
    const json = new FakeTerminal({ tty: true });
    await run(["web-target", "--json"], {}, json);
    expect(json.spinners).toHaveLength(0);
  });

  it("an unexpected error (an unwritable config folder) is one line and exit 1, no stack", async () => {
    const terminal = new FakeTerminal();
    const code = await main(["node", "portal", "logout", "--lang", "en"], {
      terminal,
      env: { XDG_CONFIG_HOME: "/proc/portal-cli-test" },
      containerFactory: (settings, t) =>
        createContainer(settings, t, {
          identity: identityModule({
            tokenStore: {
              read: async () => {
                throw new Error("EACCES: permission denied, open '/x/tokens.json'");
              },
              write: async () => {},
              remove: async () => false,
            },
          }),
        }),
    });
    expect(code).toBe(1);
    expect(terminal.errText).toBe(
      "Unexpected error: EACCES: permission denied, open '/x/tokens.json'",
    );
  });

  it("password check is offline: the verdict and exit 1 for a weak password", async () => {
    const r = await run(
      ["password", "check", "--lang", "en"],
      {},
      // Not "abc": the guessable-password text names "abcd" as an example (issue 46).
      new FakeTerminal({ stdin: "kqz\n" }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("Requirements not met:");
    expect(r.out).not.toContain("kqz");
  });
});
