import buildOnce from "../e2e/support/global-setup.js";
import { freePort, type Portal, startPortal } from "../src/support/portal-server.js";
import { keycloak, printed } from "./keycloak-script.js";

/** Where the workers find the portal (they inherit this process's environment). */
export const PORTAL_URL_ENV = "KEYCLOAK_E2E_PORTAL_URL";
/** Keycloak's realm URL, for the journeys that look at where the browser is. */
export const ISSUER_ENV = "KEYCLOAK_E2E_ISSUER";
/** The portal-support client's secret: the journeys ask Keycloak's admin API too. */
export const SECRET_ENV = "KEYCLOAK_E2E_SUPPORT_SECRET";

/**
 * Keycloak first (when none runs: with the portal's origin on a port picked now, so the
 * realm's redirect URIs and web origins name it), then the build (unless E2E_SKIP_BUILD=1),
 * then the built portal in Keycloak mode on that origin. The teardown stops the portal, and
 * Keycloak only when this run started it. Keycloak's start time is printed at both ends, so
 * it stands in the run's summary.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  let running = true;
  try {
    keycloak("status");
  } catch {
    running = false;
  }
  // Keycloak and the portal on `localhost`: one site (Keycloak's cookies in the check-sso
  // iframe), and a host name WebAuthn takes as relying party (an IP address it refuses).
  const origin = running ? undefined : `http://localhost:${await freePort()}`;
  const started = performance.now();
  const output = keycloak(
    "up",
    origin
      ? {
          PORTAL_PUBLIC_URL: origin,
          KEYCLOAK_HOSTNAME: "localhost",
          // Picked here beside the portal's port, so Keycloak never lands on it.
          KC_PORTS: `${await freePort()} ${await freePort()}`,
        }
      : {},
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const startLine = running
    ? "keycloak: already running (not started by this run, left running)"
    : `keycloak: started in ${seconds} s by this run (${bootstrapOf(output)})`;
  console.log(`${output.trimEnd()}\n${startLine}`);
  const portalOrigin = printed(output, "PORTAL_PUBLIC_URL");

  let portal: Portal | undefined;
  const stopKeycloak = () => {
    if (!running) console.log(keycloak("down").trimEnd());
  };
  try {
    const buildTeardown = buildOnce();
    const portalStarted = performance.now();
    portal = await startPortal({
      origin: portalOrigin,
      companySeedCount: 200,
      env: {
        OIDC_ISSUER: printed(output, "OIDC_ISSUER"),
        SUPPORT_CLIENT_SECRET: printed(output, "SUPPORT_CLIENT_SECRET"),
      },
    });
    console.log(
      `keycloak e2e: portal on ${portal.url} in Keycloak mode, ready in ${((performance.now() - portalStarted) / 1000).toFixed(1)} s`,
    );
    process.env[PORTAL_URL_ENV] = portal.url;
    process.env[ISSUER_ENV] = printed(output, "OIDC_ISSUER");
    process.env[SECRET_ENV] = printed(output, "SUPPORT_CLIENT_SECRET");
    const ready = portal;
    return async () => {
      await ready.stop();
      buildTeardown();
      console.log(startLine);
      stopKeycloak();
    };
  } catch (error) {
    await portal?.stop();
    stopKeycloak();
    throw error;
  }
}

/** "Bootstrap completed in 26.3 s" and the import's time, as `up` printed them. */
const bootstrapOf = (output: string): string =>
  output
    .split("\n")
    .filter((line) => /Bootstrap completed|imported in/.test(line))
    .join("; ");
