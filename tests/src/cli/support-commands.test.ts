import { API_ROUTES, apiPath } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import {
  CLI_TEST_PASSWORD as password,
  runPortal,
  uniqueEmail as unique,
  useTestPortal,
} from "./cli-harness.js";

// The support commands against a real server, with the portal-support client's
// credentials (client credentials grant), and without.
const { portal, support, confirmed } = useTestPortal();

const userCall = async (
  email: string,
  route: (typeof API_ROUTES)[keyof typeof API_ROUTES],
  body?: unknown,
) => {
  const { accessToken } = await signInOverHttp(portal().url, email, password);
  const res = await fetch(portal().url + apiPath(route), {
    method: route.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route.path}: ${res.status} ${await res.text()}`);
};

describe("portal person show --email", () => {
  it("the support view of an account: confirmed, no factors, no secrets", async () => {
    const email = await confirmed("show");
    const r = await support(["person", "show", "--email", email]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(new RegExp(`^E-mail\\s+${email}$`, "m"));
    expect(r.stdout).toMatch(/^Address confirmed\s+yes$/m);
    expect(r.stdout).toMatch(/^Second factors\s+-$/m);
    expect(r.stdout).toMatch(/^Created\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC$/m);
    expect(r.stdout).toMatch(/^State\s+open$/m);
    expect(r.stdout).not.toContain(password);

    const json = await support(["person", "show", "--email", email, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      email,
      emailConfirmed: true,
      mfaTypes: [],
      closedAt: null,
      eraseAt: null,
    });
  });

  it("an unknown address: exit 1, 'no account with this address' with the correlation id", async () => {
    const r = await support(["person", "show", "--email", unique("nobody")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("An error occurred: There is no account with this e-mail address.");
    expect(r.stderr).toMatch(/^Error reference: \S+$/m);
  });
});

describe("portal resend-opt-in --email", () => {
  it("an unconfirmed account gets its registration mail again", async () => {
    const email = unique("unconfirmed");
    const res = await fetch(portal().url + apiPath(API_ROUTES.register), {
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
    expect(res.status).toBe(API_ROUTES.register.status);
    const r = await support(["resend-opt-in", "--email", email]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toBe(`Mail sent to ${email}.\n`);
    const mails = JSON.parse(
      (await support(["outbox", "--to", email, "--json"])).stdout,
    ) as unknown[];
    expect(mails).toHaveLength(2);
  });

  it("a confirmed account: the portal says no (exit 1)", async () => {
    const r = await support(["resend-opt-in", "--email", await confirmed("done")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("HTTP 409");
    expect(r.stderr).toContain("The account is already confirmed");
  });
});

describe("portal person resend-deletion | resend-email-change --email", () => {
  it("resends a pending deletion link", async () => {
    const email = await confirmed("deleting");
    const none = await support(["person", "resend-deletion", "--email", email]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("This account has no open deletion request.");
    await userCall(email, API_ROUTES.requestDeletion);
    const r = await support(["person", "resend-deletion", "--email", email]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toBe(`Mail sent to ${email}.\n`);
  });

  it("resends a pending e-mail-change confirmation to the new address", async () => {
    const email = await confirmed("moving");
    const newEmail = unique("moved");
    await userCall(email, API_ROUTES.changeMailAddress, { newEmail });
    const r = await support(["person", "resend-email-change", "--email", email, "--lang", "de"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toBe(`E-Mail an ${newEmail} gesendet.\n`);
  });
});

describe("portal membership issue --member-number", () => {
  it("prints the mitgliedskennung and the two passwords once", async () => {
    const r = await support(["membership", "issue", "--member-number", "4711"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/^Member number\s+4711$/m);
    expect(r.stdout).toMatch(/^Mitgliedskennung\s+\d+$/m);
    expect(r.stdout).toMatch(/^Personal password\s+\S{10,}$/m);
    expect(r.stdout).toMatch(/^General password\s+\S{10,}$/m);
    expect(r.stdout).toContain("Shown only this once");
    const json = JSON.parse(
      (await support(["membership", "issue", "--member-number", "4712", "--json"])).stdout,
    );
    expect(json).toMatchObject({
      memberNumber: "4712",
      mitgliedskennung: expect.stringMatching(/^\d+$/),
    });
  });
});

describe.concurrent("unauthorised", () => {
  it.each([
    ["person", "show", "--email", "erika@example.de"],
    ["resend-opt-in", "--email", "erika@example.de"],
    ["person", "resend-deletion", "--email", "erika@example.de"],
    ["person", "resend-email-change", "--email", "erika@example.de"],
    ["membership", "issue", "--member-number", "4711"],
  ])("no sign-in and no client secret: %s %s — exit 1, how to sign in", async (...args) => {
    const r = await runPortal([...args, "--url", portal().url], {
      env: { XDG_CONFIG_HOME: portal().configHome },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `Not signed in at ${portal().url}/realms/portal. Run \`portal login\`, or set PORTAL_CLIENT_SECRET for the portal-support client.\n`,
    );
  });

  it("a wrong client secret: exit 1, the identity provider's refusal", async () => {
    const r = await support(["person", "show", "--email", "erika@example.de"], {
      PORTAL_CLIENT_SECRET: "wrong",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `The identity provider at ${portal().url}/realms/portal refused: invalid_client`,
    );
  });
});
