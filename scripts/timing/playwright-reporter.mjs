// A Playwright reporter that writes each spec file's time, split into set-up and tests, to
// the JSON file named by TEST_TIMINGS_FILE (scripts/test.mjs prints the slowest of them).
// Set-up is the time of the hooks and fixtures around the tests ("Before Hooks", "After
// Hooks": the server, the browser context, the signed-in account), the rest is the tests'.
import { writeFileSync } from "node:fs";

export default class TimingReporter {
  files = new Map();

  fileOf(test) {
    const file = test.location.file;
    if (!this.files.has(file)) this.files.set(file, { file, total: 0, setup: 0, tests: 0 });
    return this.files.get(file);
  }

  onStepEnd(test, _result, step) {
    if (step.category === "hook" && !step.parent) this.fileOf(test).setup += step.duration;
  }

  onTestEnd(test, result) {
    this.fileOf(test).total += result.duration;
  }

  onEnd() {
    const out = process.env.TEST_TIMINGS_FILE;
    if (!out) return;
    const files = [...this.files.values()].map((f) => ({
      ...f,
      setup: Math.min(f.setup, f.total),
      tests: Math.max(0, f.total - f.setup),
    }));
    writeFileSync(out, JSON.stringify(files));
  }

  printsToStdio() {
    return false;
  }
}
