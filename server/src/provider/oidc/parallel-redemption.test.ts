import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases } from "../../test-support/databases.js";
import { TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  refreshFails,
  signIn,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

// Security review #5: oidc-provider checks "already consumed" on a copy it read before
// consuming, so parallel redemptions of one refresh token or code all passed that check and
// each got tokens (two live rotation chains, no replay seen). The adapter's consume() is the
// check now: one redemption wins, every other is a replay and revokes the grant.

const PARALLEL = 8;

const invalidGrant = (outcome: PromiseSettledResult<unknown>): boolean =>
  outcome.status === "rejected" &&
  outcome.reason instanceof oidc.ResponseBodyError &&
  outcome.reason.error === "invalid_grant";

describe.each(databases)("embedded provider, parallel redemption on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("redeems one refresh token sent 8 times at once once, and revokes the winner's chain", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    const refreshToken = tokens.refresh_token ?? "";
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () => oidc.refreshTokenGrant(config, refreshToken)),
    );
    const won = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(won).toHaveLength(1);
    expect(outcomes.filter(invalidGrant)).toHaveLength(PARALLEL - 1);
    // The others were replays: the grant is gone, so the winner's new token leads nowhere.
    await refreshFails(config, won[0]?.refresh_token ?? "");
    await refreshFails(config, refreshToken);
  });

  it("exchanges one authorization code sent twice at once once, and revokes the grant", async () => {
    const person = await createPerson(t.db);
    const config = await t.web();
    const request = await authorizationRequest(config, t.redirectUri);
    const browser = new TestBrowser(t.server.config.publicUrl);
    const done = await submitPassword(browser, request.url, person.email, PASSWORD, t.redirectUri);
    const callback = new URL(done.url);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const exchange = () =>
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      });
    const outcomes = await Promise.allSettled([exchange(), exchange()]);
    const won = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(won).toHaveLength(1);
    expect(outcomes.filter(invalidGrant)).toHaveLength(1);
    await refreshFails(config, won[0]?.refresh_token ?? "");
    // A later try with the same code is refused as well.
    expect(invalidGrant(await Promise.allSettled([exchange()]).then(([o]) => o!))).toBe(true);
  });

  it("still rotates a refresh token used once at a time", async () => {
    const person = await createPerson(t.db);
    const { tokens, config } = await signIn(t, person.email);
    const second = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
    const third = await oidc.refreshTokenGrant(config, second.refresh_token ?? "");
    expect(third.access_token).toBeTruthy();
  });
});
