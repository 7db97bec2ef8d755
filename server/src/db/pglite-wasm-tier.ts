import v8 from "node:v8";

/**
 * The V8 flags that keep WebAssembly on the baseline compiler (Liftoff). `--liftoff-only`
 * alone, set at run time, no longer does it on Node 24 (V8 13.6): the Liftoff code is still
 * compiled with dynamic tiering's budget checks, and a hot function then tiers up to TurboFan
 * anyway; without dynamic tiering, `--wasm-tier-up` compiles the whole module with TurboFan
 * in the background instead. Only the three together keep every function on Liftoff.
 */
export const WASM_BASELINE_FLAGS = [
  "--liftoff-only",
  "--no-wasm-dynamic-tiering",
  "--no-wasm-tier-up",
] as const;

/**
 * Keeps PGlite's WebAssembly PostgreSQL on V8's baseline compiler (Liftoff) instead of
 * letting hot functions tier up to the optimizing compiler (TurboFan).
 *
 * Why: tier-up compiles in background threads whose code and compiler memory stay with
 * the process. Measured with the bench (`--only=firststart`, `--only=throughput`) on
 * 2026-11-25 (Node 20): a first start idles at 231 MB instead of 298 MB and is ready 0.3 s
 * sooner, and the server's CPU per `GET /persons/me` on PGlite is unchanged (122 vs 124 us):
 * the portal's queries are short, so the optimized code never paid for its compilation. On
 * Node 24 with `--liftoff-only` alone (2026-11-29), PGlite's tier-up of its hot functions
 * a second after the first queries malloc'ed 576 MB of compiler memory (the process went
 * to 700 MB RSS for a second) and left about 40 MB in malloc's arenas: 217 MB for PGlite
 * alone idle instead of 177 MB with the three flags.
 *
 * V8 reads the flags when it compiles a module, so they must be set before the first
 * `PGlite.create`. They also apply to any other WebAssembly the process compiles later
 * (none on a hot path: password hashing is native). PostgreSQL deployments never call it.
 * Setting them again (a second PGlite in one process, as in tests) changes nothing.
 */
export const keepPgliteOnBaselineTier = (): void => {
  for (const flag of WASM_BASELINE_FLAGS) v8.setFlagsFromString(flag);
};
