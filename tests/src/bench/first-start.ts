import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPortal } from "../support/portal-server.js";
import { rssMb } from "./memory.js";

export interface StartFigures {
  readonly start: "first (template)" | "first (initdb, no template)" | "later";
  /** From spawning `node server/dist/main.js` to `/readyz` answering. */
  readonly readyS: number;
  /** Resident memory after the portal has idled a few seconds. */
  readonly rssIdleMb: number;
}

// Idle long enough for the start's garbage to be collected and the RSS to settle.
const IDLE_MS = 5_000;

/** Starts the portal on `dataDir` as `pnpm start` does (default register), then idles. */
const measureStart = async (
  start: StartFigures["start"],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<StartFigures> => {
  const began = performance.now();
  const portal = await startPortal({
    companySeedCount: 50_000,
    env: { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
  });
  const readyS = (performance.now() - began) / 1000;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssIdleMb = rssMb(portal.pid);
  await portal.stop();
  return { start, readyS, rssIdleMb };
};

/**
 * A newcomer's first start on a fresh DATA_DIR (the prebuilt template unpacked, the
 * default 50 000-company register), a later start on the same folder, and, for comparison,
 * a first start without the template (PGlite's initdb and the seed, as from source).
 */
export const measureFirstStart = async (): Promise<StartFigures[]> => {
  const root = await mkdtemp(join(tmpdir(), "portal-bench-start-"));
  try {
    const dataDir = join(root, "data");
    const first = await measureStart("first (template)", dataDir);
    const later = await measureStart("later", dataDir);
    const initdb = await measureStart("first (initdb, no template)", join(root, "initdb"), {
      PGLITE_TEMPLATE_DIR: join(root, "no-template"),
    });
    return [first, later, initdb];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
};
