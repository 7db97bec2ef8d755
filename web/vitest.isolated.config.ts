import { ISOLATED_TESTS, webTests } from "./vitest.config.js";

// The web tests that start the whole app or replace one of its modules, each file in a
// module graph and jsdom of its own (vitest.config.ts says why).
export default webTests({
  name: "web-isolated",
  include: ISOLATED_TESTS,
  exclude: [],
  isolate: true,
});
