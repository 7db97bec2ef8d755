import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
/**
 * Written by the server-platform part: seeds 1 000 000 companies on PostgreSQL and prints the
 * suggestions' server time (p50, p95, p99, max) per term shape, per number of matches and overall.
 */
export const COMPANY_SEARCH_SCRIPT = `${root}server/bench/company-search.mjs`;

/**
 * Runs the server's company-suggestion benchmark (PostgreSQL, 1 000 000 companies; 100 000
 * with `quick`) and passes its table through; returns what it printed.
 */
export const runCompanySearch = async (quick: boolean): Promise<string> => {
  if (!existsSync(COMPANY_SEARCH_SCRIPT))
    throw new Error(`${COMPANY_SEARCH_SCRIPT} does not exist yet`);
  const child = spawn(process.execPath, [COMPANY_SEARCH_SCRIPT, ...(quick ? ["--quick"] : [])], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d;
    process.stdout.write(d);
  });
  const code = await new Promise<number | null>((r) => child.on("exit", r));
  if (code !== 0) throw new Error(`company-search.mjs exited with ${code}`);
  return out;
};
