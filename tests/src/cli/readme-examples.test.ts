import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_ROUTES, apiPath } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConfirmedAccount } from "../support/accounts-api.js";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import { SettledOutbox } from "../support/settled-outbox.js";
import { ensureCliBuilt, leaseTestPortal, runPortal, type TestPortal } from "./cli-harness.js";

// Every `pnpm portal ...` line of the READMEs runs against a started portal and succeeds
// (issue 15: the documented `portal web-target shop` answered 404). The accounts the
// examples name are set up in the state each example describes.
const root = join(import.meta.dirname, "..", "..", "..");
const password = "Sommer2024!xQ";

/** The example lines of a README's sh blocks that call the CLI. */
function exampleLines(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  return blocks
    .flatMap((b) => b.split("\n"))
    .map((line) => line.trim())
    .filter((line) => /(^|\| )pnpm portal /.test(line));
}

/** Splits a shell line into words (single and double quotes), dropping a trailing comment. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(#.*$)|(\S+)/g)) {
    if (m[3] !== undefined) break;
    out.push(m[1] ?? m[2] ?? m[4] ?? "");
  }
  return out;
}

/** A line as CLI arguments and stdin: `printf '%s' X | pnpm portal ...` pipes X. */
function asRun(line: string): { args: string[]; stdin?: string } {
  const [left, right] = line.includes(" | ") ? line.split(" | ") : [undefined, line];
  const args = words(right ?? "").slice(2);
  if (left === undefined) return { args };
  const printed = words(left);
  return { args, stdin: printed[printed.length - 1] ?? "" };
}

let portal: TestPortal;

const register = (email: string) =>
  fetch(portal.url + apiPath(API_ROUTES.register), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      salutation: "MR",
      givenName: "Max",
      surname: "Muster",
      email,
      password,
      consentMarketing: "REFUSED",
      consentRecherche: "REFUSED",
      postRegistrationTargetKey: null,
      postRegistrationToken: null,
    }),
  });

const confirmed = (email: string) =>
  registerConfirmedAccount(portal.url, new SettledOutbox(portal.url), {
    email,
    password,
    givenName: "Erika",
    surName: "Mustermann",
  });

const asUser = async (
  email: string,
  route: (typeof API_ROUTES)[keyof typeof API_ROUTES],
  body?: unknown,
) => {
  const { accessToken } = await signInOverHttp(portal.url, email, password);
  const res = await fetch(portal.url + apiPath(route), {
    method: route.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route.path}: ${res.status} ${await res.text()}`);
};

beforeAll(async () => {
  ensureCliBuilt();
  portal = await leaseTestPortal();
  await confirmed("erika@example.de");
  expect((await register("max@example.de")).ok).toBe(true);
  await confirmed("leaving@example.de");
  await asUser("leaving@example.de", API_ROUTES.requestDeletion);
  await confirmed("moving@example.de");
  await asUser("moving@example.de", API_ROUTES.changeMailAddress, {
    newEmail: "moved@example.de",
  });
});
afterAll(() => portal?.close());

const READMES = ["README.md", "cli/README.md"];

describe("every CLI example of the READMEs runs", () => {
  it.each(READMES)("%s has examples", (file) => {
    const lines = exampleLines(file);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes("web-target"))).toBe(true);
  });

  // A command both READMEs show (the same arguments and input; comments may differ) runs once.
  const distinct = new Map<string, string>();
  for (const line of READMES.flatMap(exampleLines)) {
    const key = JSON.stringify(asRun(line));
    if (!distinct.has(key)) distinct.set(key, line);
  }

  it.each([...distinct.values()])("%s", async (line) => {
    const { args, stdin } = asRun(line);
    const r = await runPortal([...args, "--url", portal.url], {
      env: { PORTAL_CLIENT_SECRET: portal.secret, XDG_CONFIG_HOME: portal.configHome },
      ...(stdin === undefined ? {} : { stdin }),
    });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  });
});
