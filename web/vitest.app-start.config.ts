import { APP_START_TESTS, webTests } from "./vitest.config.js";

// The web tests that start the whole app, each file in a module graph and jsdom of its own
// (vitest.config.ts says why).
export default webTests({
  name: "web-app-start",
  include: [APP_START_TESTS],
  exclude: [],
  isolate: true,
});
