import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "../support/portal-server.js";

const script = fileURLToPath(new URL("../../../scripts/keycloak.sh", import.meta.url));

/** A real Keycloak for the sign-in bench (scripts/keycloak.sh, its own environment honoured). */
export interface KeycloakInstance {
  readonly issuer: string;
  readonly supportSecret: string;
  /** The origin its realm's redirect URIs name (nothing needs to listen there). */
  readonly publicUrl: string;
  /** kc.sh's process, leader of the group that holds Keycloak's JVM. */
  readonly pid: number;
  /** Keycloak's own database on the machine's PostgreSQL. */
  readonly database: string;
  /** True when this bench started it (only then are its statements metered). */
  readonly started: boolean;
  /** Stops it when this bench started it; leaves one that ran before alone. */
  stop(): Promise<void>;
}

// Asynchronous: the statement meter Keycloak's JDBC goes through runs in this process.
const run = async (command: string, env: Record<string, string> = {}): Promise<string> => {
  const { stdout, stderr } = await promisify(execFile)("bash", [script, command], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  process.stderr.write(stderr);
  return stdout;
};

const value = (output: string, name: string): string => {
  const match = new RegExp(`${name}=(\\S+)`).exec(output);
  if (!match?.[1]) throw new Error(`keycloak.sh printed no ${name}`);
  return match[1];
};

/**
 * The running Keycloak (PORTAL_KEYCLOAK_CACHE, KEYCLOAK_DB as for the script), or a new one
 * whose JDBC goes through `databasePort` (the bench's statement meter).
 */
export const keycloakForBench = async (databasePort: number): Promise<KeycloakInstance> => {
  let running = true;
  try {
    await run("status");
  } catch {
    running = false;
  }
  const output = await run(
    "up",
    running
      ? {}
      : {
          KEYCLOAK_DB_PORT: String(databasePort),
          // Below the ephemeral range, apart from the bench's portals (free-port.ts).
          KC_PORTS: `${await freePort()} ${await freePort()}`,
        },
  );
  const status = await run("status");
  const pid = Number(/pid (\d+)/.exec(status)?.[1]);
  if (!pid) throw new Error(`no pid in: ${status}`);
  return {
    issuer: value(output, "OIDC_ISSUER"),
    supportSecret: value(output, "SUPPORT_CLIENT_SECRET"),
    publicUrl: value(output, "PORTAL_PUBLIC_URL"),
    pid,
    database: process.env.KEYCLOAK_DB ?? "keycloak",
    started: !running,
    stop: async () => {
      if (!running) process.stdout.write(await run("down"));
    },
  };
};
