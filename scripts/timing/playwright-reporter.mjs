// A Playwright reporter that writes each spec file's time, split into set-up and tests, to
// the JSON file named by TEST_TIMINGS_FILE (scripts/test.mjs prints the slowest of them).
// Set-up is the time of the hooks and fixtures around the tests ("Before Hooks", "After
// Hooks": the server, the browser context, the signed-in account). A test's result
// duration leaves its "Before Hooks" out, so a test's span runs from its first top-level
// step's start to its last one's end.
import { writeFileSync } from "node:fs";

export default class TimingReporter {
  files = new Map();
  spans = new Map();

  spanOf(test) {
    if (!this.spans.has(test.id)) this.spans.set(test.id, { start: Infinity, end: 0, setup: 0 });
    return this.spans.get(test.id);
  }

  widen(span, start, duration) {
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, start + duration);
  }

  onStepEnd(test, _result, step) {
    if (step.parent) return;
    const span = this.spanOf(test);
    this.widen(span, step.startTime.getTime(), step.duration);
    if (step.category === "hook") span.setup += step.duration;
  }

  onTestEnd(test, result) {
    const span = this.spanOf(test);
    this.widen(span, result.startTime.getTime(), result.duration);
    this.spans.delete(test.id);
    const file = test.location.file;
    if (!this.files.has(file)) this.files.set(file, { file, total: 0, setup: 0, tests: 0 });
    const f = this.files.get(file);
    const total = Math.max(0, span.end - span.start);
    const setup = Math.min(span.setup, total);
    f.total += total;
    f.setup += setup;
    f.tests += total - setup;
  }

  onEnd() {
    const out = process.env.TEST_TIMINGS_FILE;
    if (out) writeFileSync(out, JSON.stringify([...this.files.values()]));
  }

  printsToStdio() {
    return false;
  }
}
