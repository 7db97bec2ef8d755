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

  it("keeps a value set on the command line or in NODE_OPTIONS", () => {
    expect(relaunchArgv(run(["--max-semi-space-size=64"]))).toBeUndefined();
    expect(relaunchArgv(run([], "--max-semi-space-size=32 --trace-gc"))).toBeUndefined();
  });
});
