import v8 from "node:v8";

/**
 * Keeps PGlite's WebAssembly PostgreSQL on V8's baseline compiler (Liftoff) instead of
 * letting hot functions tier up to the optimizing compiler (TurboFan).
 *
 * Why: tier-up compiles in background threads whose code and compiler memory stay with
 * the process. Measured with the bench (`--only=firststart`, `--only=throughput`) on
 * 2026-11-25: a first start idles at 231 MB instead of 298 MB and is ready 0.3 s sooner,
 * and the server's CPU per `GET /persons/me` on PGlite is unchanged (122 vs 124 us): the
 * portal's queries are short, so the optimized code never paid for its compilation.
 *
 * V8 reads the flag when it compiles a module, so it must be set before the first
 * `PGlite.create`. It also applies to any other WebAssembly the process compiles later
 * (none on a hot path: password hashing is native). PostgreSQL deployments never call it.
 * Setting it again (a second PGlite in one process, as in tests) changes nothing.
 */
export const keepPgliteOnBaselineTier = (): void => {
  v8.setFlagsFromString("--liftoff-only");
};
