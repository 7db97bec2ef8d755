import { appendFileSync } from "node:fs";
import type { ErrorAnswer } from "../http/error-code-check.js";

// The test side of the error-code check: a test server records every error answer of a
// route of the table, and fails when it is closed if any carried a code its entry of the
// route table does not document. ERROR_ANSWERS_FILE=/tmp/x.jsonl also appends each answer
// there, to survey which codes the suites provoke.

/** The error answers one test server gave. */
export interface ErrorCodeLedger {
  /** The observer to hand to the server (`onErrorAnswer`). */
  readonly observe: (answer: ErrorAnswer) => void;
  readonly answers: ReadonlyArray<ErrorAnswer>;
  /** Throws, listing them, when an answer carried a code its route does not document. */
  assertDocumented(): void;
  /** Forgets the answers so far: a shared server's next file starts with an empty ledger. */
  clear(): void;
}

/**
 * A fresh ledger.
 *
 * @example
 * const ledger = errorCodeLedger();
 * const server = await startServer(config, { onErrorAnswer: ledger.observe });
 * // ... afterAll: await server.close(); ledger.assertDocumented();
 */
export const errorCodeLedger = (): ErrorCodeLedger => {
  const answers: ErrorAnswer[] = [];
  const file = process.env.ERROR_ANSWERS_FILE;
  return {
    answers,
    observe: (answer) => {
      answers.push(answer);
      if (file) appendFileSync(file, `${JSON.stringify(answer)}\n`);
    },
    clear: () => {
      answers.length = 0;
    },
    assertDocumented: () => {
      const wrong = new Set(
        answers
          .filter((a) => a.undocumented.length > 0)
          .map((a) => `${a.route} (${a.method} ${a.path}) ${a.status} ${a.undocumented.join(",")}`),
      );
      if (wrong.size > 0) {
        throw new Error(
          `error codes not in the route table's errors lists (contracts/src/api-routes.ts):\n${[...wrong].join("\n")}`,
        );
      }
    },
  };
};
