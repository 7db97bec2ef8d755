import { webTestConfig } from "./vitest.config.js";

// The web files that mock one of the app's modules, each in a module graph of its own
// (vitest.config.ts, MOCKING_FILES, says why).
export default webTestConfig("isolated");
