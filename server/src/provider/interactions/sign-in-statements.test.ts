import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databases } from "../../test-support/databases.js";
import { countStatements } from "../../test-support/statement-counter.js";
import { TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  startIdentityServer,
  submitPassword,
} from "../testing/identity-kit.js";

/**
 * Database statements of one password sign-in (BEGIN and COMMIT would count), at most: 11
 * since issue 48 (it was 42, 38 through the cluster's balancer, whose rate limits live in
 * Redis; then 19, then 12 with the login page a request of its own). By request: the
 * authorization with its login page 1, the password post 5 and the resumed authorization
 * in its answer 2, the token endpoint 3; what each is, in
 * docs/performance-history.md ("Statements per sign-in"). Lower it with every statement
 * saved, never raise it.
 */
const STATEMENTS_PER_SIGN_IN = 11;

// Counted, not timed: the whole code flow of the web client (authorize, the login form, the
// code at the redirect URI, the token endpoint with PKCE) for a person without a second
// factor, every statement of the portal's database adapter while it runs.
describe.each(databases)("statements of one password sign-in on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    // The background rounds (queued mails, Shared Signals) are not the sign-in's: an hour
    // apart, none falls into the count.
    t = await startIdentityServer(target, {
      mailQueuePollMs: 3_600_000,
      ssfDeliveryPollMs: 3_600_000,
    });
  });
  afterAll(() => t?.close());

  it(`needs at most ${STATEMENTS_PER_SIGN_IN}`, async () => {
    const person = await createPerson(t.db);
    const config = await t.web();
    const signIn = async () => {
      const request = await authorizationRequest(config, t.redirectUri);
      const browser = new TestBrowser(t.server.config.publicUrl);
      const done = await submitPassword(
        browser,
        request.url,
        person.email,
        PASSWORD,
        t.redirectUri,
      );
      return redeem(config, done.url, request);
    };
    await signIn(); // the first one also fills the provider's caches (keys, clients)
    const { result, statements } = await countStatements(signIn);
    expect(result.access_token).toBeTruthy();
    // The list in the message says which statement came on top.
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(STATEMENTS_PER_SIGN_IN);
  });
});
