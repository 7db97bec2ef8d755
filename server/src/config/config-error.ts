/**
 * A bad environment: each problem is one line naming the variable, and the message holds them
 * all, a line each (`process-entry.ts` prints it and exits 1, without a stack).
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  readonly problems: ReadonlyArray<string>;

  constructor(problems: string | ReadonlyArray<string>) {
    const lines = typeof problems === "string" ? [problems] : problems;
    super(lines.join("\n"));
    this.problems = lines;
  }
}
