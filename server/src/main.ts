import { startServer } from "./index.js";
import { runProcess } from "./process-entry.js";
import { READY_LINE } from "./ready-line.js";

// The process entry of `pnpm start` (process-entry.ts holds the steps).
void runProcess(
  async () => {
    const server = await startServer();
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
