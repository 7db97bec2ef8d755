import { relaunchWithNodeFlags } from "./node-flags.js";
import { READY_LINE } from "./ready-line.js";
import { releaseStartGarbage } from "./start-garbage.js";

// The process entry of `pnpm start` (process-entry.ts holds the steps). First the Node.js
// flags (node-flags.ts): without them this process starts again in place and never gets
// further, so the server is loaded only after (dynamic imports, not static ones).
relaunchWithNodeFlags(process);
const [{ startServer }, { runProcess }] = await Promise.all([
  import("./index.js"),
  import("./process-entry.js"),
]);

void runProcess(
  async () => {
    const server = await startServer();
    // Before the ready line: the start's freed heap goes back to the system (start-garbage.ts).
    releaseStartGarbage();
    // Whatever LOG_LEVEL says: the one line that tells an operator (and a test that started
    // this process) the server answers now, migrations and seed done.
    console.info(`${READY_LINE} ${server.url}`);
    return server;
  },
  {
    onSignal: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
    info: (line) => console.info(line),
    error: (problem) => console.error(problem),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
);
