import { textsFor } from "@portal/core/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import { type IdentityServer, startIdentityServer } from "../testing/identity-kit.js";

// REDIS_URL names a Redis nobody answers on (port 1 refuses): every count of the rate
// limits fails, as when the cluster's Redis is stopped (tests/cluster).
describe.each(embedded)("sign-in form posts while Redis cannot be reached, on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target, { redisUrl: "redis://127.0.0.1:1" });
  });
  afterAll(() => t?.close());

  it("refuses the post with 503, Retry-After and the provider's page (fail closed, no 500)", async () => {
    const res = await fetch(`${t.server.url}/realms/portal/login-actions/unknown/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=a%40example.org&password=x",
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain(textsFor("de").t("errors:Dialog.Failed.Message"));
  });

  it("refuses a rate-limited API call with 503 BACKEND_ERROR and Retry-After", async () => {
    const res = await fetch(`${t.server.url}/api/user-management/persons/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        salutation: "MS",
        givenName: "Erika",
        surname: "Mustermann",
        email: "erika.limits@example.org",
        password: "Kq7!limits-unavailable-zT4#",
        consentMarketing: "REFUSED",
        consentRecherche: "REFUSED",
        postRegistrationTargetKey: null,
        postRegistrationToken: null,
      }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual([{ errorCode: "BACKEND_ERROR" }]);
  });
});
