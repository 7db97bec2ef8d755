import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Builds every package once before the journeys run, so each test file starts the real
 * `server/dist/main.js` with the real web build. E2E_SKIP_BUILD=1 skips it (CI builds first).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  // Playwright runs global setup even when no journey exists yet: nothing to build for then.
  const specs = readdirSync(new URL("..", import.meta.url), { recursive: true }).filter((f) =>
    String(f).endsWith(".spec.ts"),
  );
  if (specs.length === 0) return;
  const started = Date.now();
  const r = spawnSync("corepack", ["pnpm", "-r", "build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, COREPACK_INTEGRITY_KEYS: "0", COREPACK_ENABLE_DOWNLOAD_PROMPT: "0" },
    encoding: "utf8",
  });
  if (r.status !== 0) {
    throw new Error(`pnpm -r build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  console.log(`e2e: built all packages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
