import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { formAction, hiddenValue, TestBrowser } from "../testing/browser.js";
import {
  createPerson,
  type IdentityServer,
  PASSWORD,
  refreshFails,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import { createSessionRevoker } from "./session-revoker.js";

describe.each(embedded)("embedded provider, tokens on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("rotates the refresh token on every use and revokes the chain when an old one comes back", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    const first = tokens.refresh_token ?? "";
    const second = await oidc.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    expect(decodeJwt(second.access_token).cr_id).toBe(person.id);
    // Reuse of the consumed token: refused, and the whole grant is gone.
    await refreshFails(config, first);
    await refreshFails(config, second.refresh_token ?? "");
  });

  it("says how the person signed in (amr): the password alone, also after a refresh", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    expect(tokens.claims()?.amr).toEqual(["pwd"]);
    expect(decodeJwt(tokens.access_token).amr).toEqual(["pwd"]);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
    expect(decodeJwt(refreshed.access_token).amr).toEqual(["pwd"]);
  });

  it("refuses a refresh token whose JWT was tampered with", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    const [header, , signature] = (tokens.refresh_token ?? "").split(".");
    const forged = Buffer.from(JSON.stringify({ typ: "Refresh", jti: "guess" })).toString(
      "base64url",
    );
    await refreshFails(config, `${header}.${forged}.${signature}`);
  });

  it("answers userinfo for the access token until logout", async () => {
    const person = await createPerson(t.db, { memberMapping: "M" });
    const { tokens, config, browser } = await signIn(t, person.email);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.id);
    expect(info).toMatchObject({
      sub: person.id,
      email: person.email,
      cr_id: person.id,
      cr_mapping: "M",
    });

    // RP-initiated logout as keycloak-js does it: id_token_hint + post_logout_redirect_uri.
    const base = `${t.server.config.publicUrl}/benutzerverwaltung/`;
    const logoutUrl = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? "",
      post_logout_redirect_uri: base,
    });
    const page = await browser.open(logoutUrl.toString());
    const html = await page.response.text();
    expect(html).toContain('data-auto-submit="kc-logout"');
    const done = await browser.submit(
      formAction(html, "op.logoutForm"),
      { xsrf: hiddenValue(html, "xsrf"), logout: "yes" },
      base,
    );
    expect(done.url).toBe(base);
    const after = await fetch(`${t.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.status).toBe(401);
    await refreshFails(config, tokens.refresh_token ?? "");
  });

  it("issues the support client an access token with realm role portal-support", async () => {
    const config = await t.support();
    const tokens = await oidc.clientCredentialsGrant(config);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      azp: "portal-support",
      typ: "Bearer",
      realm_access: { roles: ["portal-support"] },
    });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it("signs staff in on a device (device authorization grant), and only staff", async () => {
    const config = await t.support();
    const deviceSignIn = async (email: string) => {
      const device = await oidc.initiateDeviceAuthorization(config, { scope: "openid" });
      expect(device.verification_uri).toBe(`${t.issuer}/device`);
      // The interval is said (DEVICE_POLL_SECONDS, default 5), not left to the client.
      expect(device.interval).toBe(5);
      const browser = new TestBrowser(t.server.config.publicUrl);
      const input = await browser.open(device.verification_uri);
      const inputHtml = await input.response.text();
      const confirm = await browser.submit(formAction(inputHtml, "kc-device-form"), {
        xsrf: hiddenValue(inputHtml, "xsrf"),
        user_code: device.user_code,
      });
      const confirmHtml = await confirm.response.text();
      const login = await browser.submit(formAction(confirmHtml, "op.deviceConfirmForm"), {
        xsrf: hiddenValue(confirmHtml, "xsrf"),
        user_code: device.user_code,
        confirm: "yes",
      });
      const loginHtml = await login.response.text();
      await browser.submit(formAction(loginHtml, "kc-form-login"), {
        username: email,
        password: PASSWORD,
      });
      return oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 0 });
    };
    const staff = await createPerson(t.db, { roles: ["portal-support"] });
    const tokens = await deviceSignIn(staff.email);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: staff.id,
      azp: "portal-support",
      realm_access: { roles: ["default-roles-portal", "portal-support"] },
    });
    const customer = await createPerson(t.db);
    const refused = await deviceSignIn(customer.email).catch((e: unknown) => e);
    expect((refused as oidc.ResponseBodyError).error).toBe("access_denied");
  });

  it("ends every session of a person through the session revoker, except the named one", async () => {
    const person = await createPerson(t.db);
    const kept = await signIn(t, person.email);
    const ended = await signIn(t, person.email);
    const sid = decodeJwt(kept.tokens.access_token).sid as string;
    await createSessionRevoker(t.db).revokeAllForPerson(person.id, sid);
    await refreshFails(ended.config, ended.tokens.refresh_token ?? "");
    const stillThere = await oidc.refreshTokenGrant(kept.config, kept.tokens.refresh_token ?? "");
    expect(stillThere.access_token).toBeTruthy();
    await createSessionRevoker(t.db).revokeAllForPerson(person.id);
    await refreshFails(kept.config, stillThere.refresh_token ?? "");
  });
});
