import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { PROVIDER_CSP } from "../oidc/provider-csp.js";
import { formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";

const ACTIONS = "/realms/portal/login-actions/";

// Keycloak answers the authorization request with its login page; so does the embedded
// provider (first-page.ts), where the request starts an interaction that asks for a sign-in.
describe.each(embedded)("the authorization request's own sign-in page on $name", (target) => {
  let t: IdentityServer;
  const browser = () => new TestBrowser(t.server.config.publicUrl);

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("answers with the login form, the pages' headers and the interaction's cookies", async () => {
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri, { ui_locales: "fr" });
    const b = browser();
    const page = await b.request(request.url.toString());

    expect(page.status).toBe(200);
    expect(page.statusText).toBe("OK");
    expect(page.headers.get("location")).toBeNull();
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toBe(PROVIDER_CSP);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("permissions-policy")).toContain("publickey-credentials-get=(self)");
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    const action = formAction(html, "kc-form-login");
    const uid = new RegExp(`^${ACTIONS}([\\w-]+)/login$`).exec(action)?.[1];
    expect(uid).toBeTruthy();
    // The interaction's cookie goes with the form's posts only; the resume cookie with the
    // resumed authorization only.
    const cookies = page.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("_interaction="))).toContain(`path=${ACTIONS}${uid};`);
    expect(cookies.find((c) => c.startsWith("_interaction_resume="))).toContain(
      `path=/realms/portal/protocol/openid-connect/auth/${uid};`,
    );

    // The form posted from there signs in as from the page of its own address.
    const person = await createPerson(t.db);
    const done = await b.submit(
      action,
      { username: person.email, password: PASSWORD },
      t.redirectUri,
    );
    expect((await redeem(config, done.url, request)).access_token).toBeTruthy();
  });

  it("shows a fresh interaction's page on every load of the same request, each its own", async () => {
    const request = await authorizationRequest(await t.web(), t.redirectUri);
    const b = browser();
    const actions = [];
    for (let i = 0; i < 2; i++) {
      const page = await b.request(request.url.toString());
      expect(page.status).toBe(200);
      actions.push(formAction(await page.text(), "kc-form-login"));
    }
    expect(actions[0]).not.toBe(actions[1]);
  });

  it("keeps the redirect to the page where a signed-in session's interaction may end at once", async () => {
    const person = await createPerson(t.db);
    const { browser: b, config } = await signIn(t, person.email);
    const request = await authorizationRequest(config, t.redirectUri, {
      kc_action: "CONFIGURE_TOTP",
    });
    const answer = await b.request(request.url.toString());
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get("location") ?? "", t.issuer).pathname).toMatch(
      new RegExp(`^${ACTIONS}[\\w-]+$`),
    );
  });
});
