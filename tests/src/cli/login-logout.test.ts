import { mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { downUrl, CLI_TEST_PASSWORD as password, runPortal, useTestPortal } from "./cli-harness.js";
import { completeDeviceSignIn } from "./device-sign-in.js";

const { portal, confirmed } = useTestPortal();

const account = async (name: string, roles: string[] = []) => {
  const email = await confirmed(name, { givenName: "Stefan", surName: "Support" });
  if (roles.length)
    await portal().server.database.db.execute(
      `update persons set roles = '${JSON.stringify(roles)}'::jsonb where email = '${email}'`,
    );
  return email;
};

/** `portal login` in a child process, completed in the "browser" once it shows the address. */
const login = async (email: string, env: Record<string, string>) => {
  let signIn: Promise<string | Error> | undefined;
  let printed = "";
  // If the browser part fails, stop the CLI instead of letting it poll for 10 minutes.
  const abort = new AbortController();
  const run = await runPortal(["login", "--url", portal().url], {
    env,
    signal: abort.signal,
    onStdout: (text) => {
      printed += text;
      const address = /carries the code: (\S+)/.exec(printed)?.[1];
      if (address && !signIn)
        signIn = completeDeviceSignIn(address, email, password).catch((error: Error) => {
          abort.abort();
          return error;
        });
    },
  });
  const page = await signIn;
  if (page instanceof Error) throw page;
  return { run, page };
};

describe("portal login (device authorization grant) and logout", () => {
  it("a staff member signs in (token file 0600), uses and refreshes the stored sign-in, and signs out", async () => {
    const email = await account("staff", ["portal-support"]);
    const env = { XDG_CONFIG_HOME: portal().configHome, PORTAL_CLIENT_SECRET: portal().secret };
    const { run, page } = await login(email, env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(
      /To sign in, open \S+\/realms\/portal\/device and enter the code \S+/,
    );
    expect(run.stdout).toContain(`Signed in at ${portal().url}/realms/portal as ${email}`);
    expect(page).toContain("device-success");

    const tokens = join(portal().configHome, "portal", "tokens.json");
    expect((await stat(tokens)).mode & 0o777).toBe(0o600);

    // No client secret now: the support call runs on the staff member's own token.
    const show = await runPortal(["person", "show", "--email", email, "--url", portal().url], {
      env: { XDG_CONFIG_HOME: portal().configHome },
    });
    expect({ code: show.code, stderr: show.stderr }).toEqual({ code: 0, stderr: "" });
    expect(show.stdout).toMatch(new RegExp(`^E-mail\\s+${email}$`, "m"));

    // Near expiry (fewer than 10 s left), the CLI refreshes with the provider and keeps
    // the rotated tokens; a secret is needed, as the portal-support client is confidential.
    const file = JSON.parse(await readFile(tokens, "utf8"));
    const stored = file.issuers[`${portal().url}/realms/portal`].login;
    stored.expiresAt = Math.floor(Date.now() / 1000) + 5;
    await writeFile(tokens, JSON.stringify(file));
    const refreshed = await runPortal(["person", "show", "--email", email, "--url", portal().url], {
      env,
    });
    expect({ code: refreshed.code, stderr: refreshed.stderr }).toEqual({ code: 0, stderr: "" });
    const after = JSON.parse(await readFile(tokens, "utf8")).issuers[
      `${portal().url}/realms/portal`
    ].login;
    expect(after.refreshToken).not.toBe(stored.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(stored.expiresAt);
    expect((await stat(tokens)).mode & 0o777).toBe(0o600);

    const out = await runPortal(["logout", "--url", portal().url], { env });
    expect(out).toMatchObject({ code: 0, stderr: "" });
    expect(out.stdout).toContain(
      `Signed out of ${portal().url}/realms/portal; the stored tokens are removed.`,
    );
    await expect(stat(tokens)).rejects.toThrow(/ENOENT/);

    const again = await runPortal(["logout", "--url", portal().url], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No stored sign-in");
  });

  it("an account without the support role cannot sign in the CLI: exit 1 with the refusal", async () => {
    const email = await account("customer");
    const configHome = await mkdtemp(join(tmpdir(), "portal-cli-customer-"));
    const { run, page } = await login(email, {
      XDG_CONFIG_HOME: configHome,
      PORTAL_CLIENT_SECRET: portal().secret,
    });
    expect(page).toContain('data-qa="device-code-error"');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The identity provider at ${portal().url}/realms/portal refused: access_denied`,
    );
  });

  it("a signed-in user without the support role: support calls answer 403, worded", async () => {
    // A token of the web app's sign-in (no portal-support role) in the CLI's token file.
    const email = await account("holder");
    const { accessToken, refreshToken } = await signInOverHttp(portal().url, email, password);
    const configHome = await mkdtemp(join(tmpdir(), "portal-cli-holder-"));
    await mkdir(join(configHome, "portal"), { recursive: true });
    const login = {
      grant: "device_code",
      clientId: "portal-support",
      accessToken,
      refreshToken,
      expiresAt: Math.floor(Date.now() / 1000) + 240,
    };
    await writeFile(
      join(configHome, "portal", "tokens.json"),
      JSON.stringify({ version: 1, issuers: { [`${portal().url}/realms/portal`]: { login } } }),
      { mode: 0o600 },
    );
    const r = await runPortal(["person", "show", "--email", email, "--url", portal().url], {
      env: { XDG_CONFIG_HOME: configHome },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("An error occurred: You are not allowed to do this.");
    expect(r.stderr).toContain("This account lacks the support role.");
    expect(r.stderr).toContain("HTTP 403");
    expect(r.stderr).toMatch(/^Error reference: \S+$/m);
  });

  it("the portal is down: login fails with the identity provider's address", async () => {
    const url = await downUrl();
    const r = await runPortal(["login", "--url", url], {
      env: { XDG_CONFIG_HOME: portal().configHome },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The identity provider at ${url}/realms/portal is unreachable`);
  });
});
