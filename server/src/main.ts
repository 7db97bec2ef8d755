import { startServer } from "./index.js";
import { runProcess } from "./process-entry.js";

// The process entry of `pnpm start` (process-entry.ts holds the steps).
void runProcess(() => startServer(), {
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  info: (line) => console.info(line),
  error: (problem) => console.error(problem),
});
