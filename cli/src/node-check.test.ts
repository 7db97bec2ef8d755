import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CATALOGUE } from "@portal/core/texts";
import { describe, expect, it } from "vitest";
import {
  checkLanguage,
  isOlder,
  neededNode,
  nodeCheck,
  nodeCheckText,
} from "../bin/node-check.mjs";

/** Time for a test that starts a process: seconds on a loaded 2-core machine. */
const PROCESS_START_MS = 30_000;

const bin = fileURLToPath(new URL("../bin/portal.mjs", import.meta.url));

/** A Node older than the CLI needs on this machine (the system Node beside the project's), if any. */
const olderNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
  if (!existsSync(path)) return false;
  const version = execFileSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
  return isOlder(version.trim(), neededNode());
});

describe("the portal bin's Node check", () => {
  it("reads the needed Node from the CLI's engines, and these tests run on one that has it", () => {
    const needed = neededNode();
    expect(needed[0]).toBeGreaterThanOrEqual(24);
    // The project's scripts run on the Node its install brings (node_modules/.bin/node).
    expect(isOlder(process.versions.node, needed)).toBe(false);
  });

  it("compares versions part by part", () => {
    expect(isOlder("20.20.2", [26, 10, 0])).toBe(true);
    expect(isOlder("26.9.9", [26, 10, 0])).toBe(true);
    expect(isOlder("26.10.0", [26, 10, 0])).toBe(false);
    expect(isOlder("26.12.1", [26, 10, 0])).toBe(false);
    expect(isOlder("27.0.0", [26, 10, 0])).toBe(false);
  });

  it("says nothing on a Node that is new enough", () => {
    expect(nodeCheck("26.10.0", [], {}, [26, 10, 0])).toBeNull();
  });

  it("names the needed and the running version in the CLI's language", () => {
    expect(nodeCheck("20.20.2", ["health", "--lang", "en"], {}, [26, 10, 0])).toBe(
      "portal needs Node.js 26.10.0 or later; this is 20.20.2. Start it with the project's Node.js: corepack pnpm portal ...",
    );
    expect(nodeCheck("22.1.0", ["--lang=fr_LU"], {}, [26, 10, 0])).toMatch(
      /^portal nécessite Node\.js 26\.10\.0 .* 22\.1\.0\./,
    );
    expect(nodeCheck("22.1.0", [], { LANG: "de_AT.UTF-8" }, [26, 10, 0])).toMatch(
      /^portal braucht Node\.js 26\.10\.0 .* 22\.1\.0\./,
    );
  });

  it("picks the language as the CLI does: --lang, then LC_ALL, LC_MESSAGES, LANG, else de", () => {
    expect(checkLanguage(["--lang", "en", "--lang=fr"], { LANG: "de_DE" })).toBe("fr");
    expect(checkLanguage(["--", "--lang=en"], { LANG: "fr_FR" })).toBe("fr");
    expect(checkLanguage(["--lang=xx"], { LC_ALL: "C", LANG: "en_GB" })).toBe("en");
    expect(checkLanguage([], { LC_MESSAGES: "it_IT" })).toBe("de");
    expect(checkLanguage([], {})).toBe("de");
  });

  it("reads every language's line from the catalogue, both placeholders in it, nothing nested", () => {
    for (const language of ["de", "en", "fr"] as const) {
      const text = nodeCheckText(language);
      expect(text).toBe(CATALOGUE[language].cli["nodeCheck.tooOld"]);
      expect(text).toContain("{{needed}}");
      expect(text).toContain("{{actual}}");
      // Read as plain JSON before any library: a `$t(...)` would stay unresolved.
      expect(text).not.toContain("$t(");
    }
  });

  it.skipIf(!olderNode)(
    "exits 2 with one line when started with an older Node",
    () => {
      const run = spawnSync(olderNode!, [bin, "health", "--lang", "en"], { encoding: "utf8" });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(
        /^portal needs Node\.js \d+\.\d+\.\d+ or later; this is \d+\.\d+\.\d+\. .*\n$/,
      );
      expect(run.stderr.split("\n")).toHaveLength(2);
    },
    PROCESS_START_MS,
  );
});
