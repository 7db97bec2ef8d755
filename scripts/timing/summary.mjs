// Reads the timing files the reporters beside this file wrote (one per test step) and says
// where the time went: the slowest test files, and per step set-up time against test time.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

/** `steps`: [{ name, file }] with `file` the JSON a reporter wrote; missing files are skipped. */
export function timingReport(steps, { slowest = 15, root = process.cwd() } = {}) {
  const rows = [];
  const lines = [];
  for (const { name, file } of steps) {
    if (!existsSync(file)) continue;
    const files = JSON.parse(readFileSync(file, "utf8"));
    for (const f of files) rows.push({ ...f, step: name, file: relative(root, f.file) });
    const setup = files.reduce((sum, f) => sum + f.setup, 0);
    const tests = files.reduce((sum, f) => sum + f.tests, 0);
    const share = setup + tests ? Math.round((100 * setup) / (setup + tests)) : 0;
    lines.push(
      `${name}: ${files.length} file${files.length === 1 ? "" : "s"}, set-up ${seconds(setup)} (${share}%), tests ${seconds(tests)} (summed over files)`,
    );
  }
  if (!rows.length) return "";
  const top = rows.sort((a, b) => b.total - a.total).slice(0, slowest);
  const width = Math.max(...top.map((r) => r.file.length));
  return [
    `===== ${top.length} slowest test files (total = set-up + tests) =====`,
    ...top.map(
      (r) =>
        `${seconds(r.total).padStart(7)} = ${seconds(r.setup).padStart(6)} + ${seconds(r.tests).padStart(6)}  ${r.file.padEnd(width)}  (${r.step})`,
    ),
    "===== set-up against test time =====",
    ...lines,
  ].join("\n");
}
