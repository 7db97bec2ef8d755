// The Node.js flags of the portal's own process. They must be on the command line (V8 sizes
// its heap when the process starts), so `main.ts` starts itself again with them, in place
// (`process.execve`: same pid, same stdio), before it loads anything else: `pnpm start`, the
// cluster's nodes, the tests' servers and a production unit running `node server/dist/main.js`
// all get them without a flag of their own.

/**
 * V8's heap, sized for a portal process (measured 2026-11-29 on Node 24.21, docs/performance.md,
 * "Memory"): `--max-semi-space-size=8`, at most 8 MB per semi-space of the young generation.
 * Node 24 (V8 13.6, no pointer compression) lets it grow to 64 MB per semi-space, and the
 * start's allocations grew it there for good: 128 MB of new space, resident, beside an old
 * space holding 40 MB. The CPU per `GET /persons/me` stayed the same (108 us either way).
 * Tried and left out: `--heap-growing-percent=50` held the old space near 68 MB under load
 * (313 instead of 410 MB RSS) but cost 40 % more CPU per request in full collections.
 */
export const PORTAL_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=8"];

/** The parts of `process` the relaunch reads. */
export interface NodeInvocation {
  readonly execPath: string;
  readonly execArgv: readonly string[];
  readonly argv: readonly string[];
  /** `NODE_OPTIONS` of the environment. */
  readonly nodeOptions: string | undefined;
}

const flagName = (flag: string): string => flag.split("=")[0] ?? flag;

/**
 * The argv to start this process again with, or undefined when every flag's setting is
 * already given, by the portal's relaunch or by whoever started it (the command line or
 * NODE_OPTIONS: an operator's own value wins, and the bench compares settings that way).
 *
 * @example
 * relaunchArgv({ execPath: "/bin/node", execArgv: [], argv: ["/bin/node", "main.js"], nodeOptions: undefined })
 * // ["/bin/node", "--max-semi-space-size=8", "main.js"]
 */
export const relaunchArgv = (run: NodeInvocation): string[] | undefined => {
  const given = [...run.execArgv, ...(run.nodeOptions ?? "").split(/\s+/)].map(flagName);
  const missing = PORTAL_NODE_FLAGS.filter((flag) => !given.includes(flagName(flag)));
  if (missing.length === 0) return undefined;
  return [run.execPath, ...missing, ...run.execArgv, ...run.argv.slice(1)];
};

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * Replaces this process by itself with {@link PORTAL_NODE_FLAGS} when they are missing; returns
 * only when nothing was missing or the system cannot do it (Windows has no `execve`: the
 * portal then runs on V8's defaults).
 */
export const relaunchWithNodeFlags = (proc: NodeJS.Process): void => {
  const argv = relaunchArgv({
    execPath: proc.execPath,
    execArgv: proc.execArgv,
    argv: proc.argv,
    nodeOptions: proc.env.NODE_OPTIONS,
  });
  const execve = (proc as NodeJS.Process & { execve?: Execve }).execve;
  if (!argv || typeof execve !== "function") return;
  try {
    execve.call(proc, proc.execPath, argv, proc.env);
  } catch {
    // Not allowed here (a sandbox, a permission model): run on V8's defaults instead.
  }
};
