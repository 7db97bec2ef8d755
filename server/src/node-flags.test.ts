import { describe, expect, it } from "vitest";
import { PORTAL_NODE_FLAGS, relaunchArgv } from "./node-flags.js";

// Issue 48: the flags of a light start live in the process's own start, not in a shell.

const run = (execArgv: string[], nodeOptions?: string) => ({
  execPath: "/opt/node/bin/node",
  execArgv,
  argv: ["/opt/node/bin/node", "/srv/portal/server/dist/main.js", "--verbose"],
  nodeOptions,
});

describe("relaunchArgv", () => {
  it("starts the entry again with the portal's flags before the caller's own", () => {
    expect(relaunchArgv(run(["--enable-source-maps"]))).toEqual([
      "/opt/node/bin/node",
      ...PORTAL_NODE_FLAGS,
      "--enable-source-maps",
      "/srv/portal/server/dist/main.js",
      "--verbose",
    ]);
  });

  it("does nothing once the flags are there (the relaunched process)", () => {
    expect(relaunchArgv(run([...PORTAL_NODE_FLAGS, "--enable-source-maps"]))).toBeUndefined();
  });

  it("keeps a value set on the command line or in NODE_OPTIONS, adding only the others", () => {
    const [semiSpace, ...others] = PORTAL_NODE_FLAGS;
    expect(semiSpace).toMatch(/^--max-semi-space-size=/);
    expect(relaunchArgv(run(["--max-semi-space-size=64"]))).toEqual([
      "/opt/node/bin/node",
      ...others,
      "--max-semi-space-size=64",
      "/srv/portal/server/dist/main.js",
      "--verbose",
    ]);
    const all = PORTAL_NODE_FLAGS.map((f) => `${f.split("=")[0]}=1`).join(" ");
    expect(relaunchArgv(run([], `${all} --trace-gc`))).toBeUndefined();
  });
});
