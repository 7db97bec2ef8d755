import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerConfirmedAccount } from "../support/accounts-api.js";
import { Outbox } from "../support/outbox.js";
import {
  downUrl,
  ensureCliBuilt,
  runPortal,
  startTestPortal,
  type TestPortal,
} from "./cli-harness.js";
import { completeDeviceSignIn } from "./device-sign-in.js";

vi.setConfig({ testTimeout: 90_000 });

let portal: TestPortal;
beforeAll(async () => {
  ensureCliBuilt();
  portal = await startTestPortal();
}, 180_000);
afterAll(() => portal?.close(), 60_000);

const password = "Sommer2024!xQ";
const account = async (name: string, roles: string[] = []) => {
  const email = `${name}-${Date.now()}@example.de`;
  await registerConfirmedAccount(portal.url, new Outbox(portal.url), {
    email,
    password,
    givenName: "Stefan",
    surName: "Support",
  });
  if (roles.length)
    await portal.server.database.db.execute(
      `update persons set roles = '${JSON.stringify(roles)}'::jsonb where email = '${email}'`,
    );
  return email;
};

/** `portal login` in a child process, completed in the "browser" once it shows the address. */
const login = async (email: string, env: Record<string, string>) => {
  let signIn: Promise<string> | undefined;
  let printed = "";
  // If the browser part fails, stop the CLI instead of letting it poll for 10 minutes.
  const abort = new AbortController();
  const run = await runPortal(["login", "--url", portal.url], {
    env,
    signal: abort.signal,
    onStdout: (text) => {
      printed += text;
      const address = /carries the code: (\S+)/.exec(printed)?.[1];
      if (address && !signIn)
        signIn = completeDeviceSignIn(address, email, password).catch((error: unknown) => {
          abort.abort();
          throw error;
        });
    },
  });
  return { run, page: await signIn };
};

describe("portal login (device authorization grant) and logout", () => {
  it("a staff member signs in (token file 0600) and signs out", async () => {
    const email = await account("staff", ["portal-support"]);
    const env = { XDG_CONFIG_HOME: portal.configHome, PORTAL_CLIENT_SECRET: portal.secret };
    const { run, page } = await login(email, env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(
      /To sign in, open \S+\/realms\/portal\/device and enter the code \S+/,
    );
    expect(run.stdout).toContain(`Signed in at ${portal.url}/realms/portal as ${email}`);
    expect(page).toContain("device-success");

    const tokens = join(portal.configHome, "portal", "tokens.json");
    expect((await stat(tokens)).mode & 0o777).toBe(0o600);

    const out = await runPortal(["logout", "--url", portal.url], { env });
    expect(out).toMatchObject({ code: 0, stderr: "" });
    expect(out.stdout).toContain(
      `Signed out of ${portal.url}/realms/portal; the stored tokens are removed.`,
    );
    await expect(stat(tokens)).rejects.toThrow(/ENOENT/);

    const again = await runPortal(["logout", "--url", portal.url], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No stored sign-in");
  });

  it("the portal is down: login fails with the identity provider's address", async () => {
    const url = await downUrl();
    const r = await runPortal(["login", "--url", url], {
      env: { XDG_CONFIG_HOME: portal.configHome },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The identity provider at ${url}/realms/portal is unreachable`);
  });
});
