import { ConfigError, startServer } from "./index.js";
import { READY_LINE } from "./ready-line.js";

// The process entry of `pnpm start`: start from the environment, stop gracefully on SIGTERM/SIGINT.
const main = async (): Promise<void> => {
  const server = await startServer();
  // Whatever LOG_LEVEL says: the one line that tells an operator (and a test that started
  // this process) the server answers now, migrations and seed done.
  console.info(`${READY_LINE} ${server.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests, then closing the database`);
    server.close().then(
      () => {
        console.info(`${signal}: in-flight requests answered, database closed`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
};

main().catch((error: unknown) => {
  // A bad environment value is one clear line, not a stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
