// A Vitest reporter that writes each test file's time, split into set-up and tests, to the
// JSON file named by TEST_TIMINGS_FILE (scripts/test.mjs prints the slowest of them).
// Set-up is everything of a file that is not inside one of its tests: the environment,
// the imports, the setup files and the beforeAll/afterAll hooks.
import { writeFileSync } from "node:fs";

export default class TimingReporter {
  onTestRunEnd(testModules) {
    const out = process.env.TEST_TIMINGS_FILE;
    if (!out) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      // A project without isolation sets its environment up once per worker, and Vitest
      // reports that one set-up again for every file the worker runs (about 2 s of jsdom for
      // each web file, 139 s in all, 2026-11-28): it is left out of those files.
      const environment = module.project.config.isolate ? d.environmentSetupDuration : 0;
      const total =
        environment + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      let tests = 0;
      for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
      return {
        file: module.moduleId,
        total,
        setup: Math.max(0, total - tests),
        tests,
      };
    });
    writeFileSync(out, JSON.stringify(files));
  }
}
