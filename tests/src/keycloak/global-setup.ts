import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../../scripts/keycloak.sh", import.meta.url));
const keycloak = (command: string): string =>
  execFileSync("bash", [script, command], {
    encoding: "utf8",
    env: { ...process.env, PORTAL_PUBLIC_URL: process.env.PORTAL_PUBLIC_URL ?? TEST_ORIGIN },
    stdio: ["ignore", "pipe", "inherit"],
  });

// The origin a Keycloak started here imports the realm for; nothing needs to listen there.
const TEST_ORIGIN = "http://localhost:8080";

let started = false;

/**
 * `keycloak.sh up` (which answers at once when Keycloak runs already); its lines
 * `PORTAL_PUBLIC_URL=`, `OIDC_ISSUER=` and `SUPPORT_CLIENT_SECRET=` become the workers'
 * environment as KEYCLOAK_*.
 */
export const setup = (): void => {
  let running = true;
  try {
    keycloak("status");
  } catch {
    running = false;
  }
  const output = keycloak("up");
  started = !running;
  process.stdout.write(output);
  const value = (name: string): string => {
    const match = new RegExp(`${name}=(\\S+)`).exec(output);
    if (!match?.[1]) throw new Error(`keycloak.sh up printed no ${name}`);
    return match[1];
  };
  process.env.KEYCLOAK_PORTAL_ORIGIN = value("PORTAL_PUBLIC_URL");
  process.env.KEYCLOAK_ISSUER = value("OIDC_ISSUER");
  process.env.KEYCLOAK_SUPPORT_SECRET = value("SUPPORT_CLIENT_SECRET");
};

export const teardown = (): void => {
  if (started) process.stdout.write(keycloak("down"));
};
