import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHECKED_SCREENS_DIR_ENV } from "./screens.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Makes the folder the workers share the screens axe has checked in (screens.ts; the workers
 * inherit this process's environment), and builds every package once before the journeys
 * run, so each test file starts the real `server/dist/main.js` with the real web build.
 * E2E_SKIP_BUILD=1 skips the build (CI builds first). Returns the teardown.
 */
export default function globalSetup(): () => void {
  const screens = mkdtempSync(join(tmpdir(), "portal-e2e-screens-"));
  process.env[CHECKED_SCREENS_DIR_ENV] = screens;
  const teardown = () => rmSync(screens, { recursive: true, force: true });
  if (process.env.E2E_SKIP_BUILD === "1") return teardown;
  // Playwright runs global setup even when no journey exists yet: nothing to build for then.
  const specs = readdirSync(new URL("..", import.meta.url), { recursive: true }).filter((f) =>
    String(f).endsWith(".spec.ts"),
  );
  if (specs.length === 0) return teardown;
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
  return teardown;
}
