import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Level } from "pino";

type LevelCheck = Pick<FastifyBaseLogger, "level"> & { isLevelEnabled(level: string): boolean };

/**
 * The logger of one request: it becomes a pino child (correlation id bound, secrets
 * redacted) only when the request first writes a line at an enabled level. Building the
 * child runs the redaction over its bindings, a cost every request paid even when, as
 * with most answered calls at level warn, it never logged anything.
 */
class DeferredChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & LevelCheck,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.#child
      ? (this.#child as FastifyBaseLogger & LevelCheck).isLevelEnabled(level)
      : this.parent.isLevelEnabled(level);
  }

  #write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.#logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, built on first use. */
export function deferredRequestLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route's own log level applies from its child on: built at once, nothing to defer.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new DeferredChildLogger(
    logger as FastifyBaseLogger & LevelCheck,
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
}
