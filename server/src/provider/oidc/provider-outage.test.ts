import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_POOL_SIZE } from "../../db/client.js";
import { databases, type ProvisionedDatabase } from "../../test-support/databases.js";
import { startTcpProxy, type TcpProxy } from "../../test-support/tcp-proxy.js";
import {
  authorizationRequest,
  type IdentityServer,
  startIdentityServer,
  WEB_CLIENT,
} from "../testing/identity-kit.js";
import { OUTAGE_RETRY_AFTER_SECONDS } from "./provider-outage.js";

// Issue 35: while PostgreSQL was restarted under load, the embedded provider answered 500 on
// /auth and /token. A database outage is a passing state: 503 with Retry-After, as the API
// answers it. PGlite lives in the process and cannot become unreachable: PostgreSQL only.

describe("embedded provider while PostgreSQL is unreachable", () => {
  let t: IdentityServer;
  let proxy: TcpProxy;
  let provisioned: ProvisionedDatabase;

  beforeAll(async () => {
    const postgres = databases.find((d) => d.name === "postgres");
    if (!postgres) throw new Error("no PostgreSQL test database configured");
    provisioned = await postgres.provision();
    const url = new URL(provisioned.databaseUrl ?? "");
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    // The server reaches its database only through the proxy; it disposes nothing itself.
    const behindProxy = { ...provisioned, databaseUrl: url.toString(), dispose: async () => {} };
    t = await startIdentityServer(
      { name: "postgres", provision: async () => behindProxy },
      { companySeedCount: 0 },
    );
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await provisioned?.dispose();
  });

  const tokenRequest = (verifier: string) =>
    fetch(`${t.issuer}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: WEB_CLIENT,
        redirect_uri: t.redirectUri,
        // Well-formed, so the provider looks it up in the database.
        code: oidc.randomState(),
        code_verifier: verifier,
      }),
    });

  it("answers /auth and /token with 503 and Retry-After, then recovers by itself", async () => {
    const { url, verifier } = await authorizationRequest(await t.web(), t.redirectUri);
    const authorize = () => fetch(url, { redirect: "manual", headers: { accept: "text/html" } });
    // Up: the authorization request answers with the sign-in page; an unknown code is refused.
    const up = await authorize();
    expect(up.status).toBe(200);
    expect(await up.text()).toContain('id="kc-form-login"');
    expect((await tokenRequest(verifier)).status).toBe(400);

    await proxy.cut();
    const page = await authorize();
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    // The general failure page: no driver error or stack frame in it.
    expect(await page.text()).not.toMatch(/ECONN|Connection terminated|\.js:\d+/);

    const token = await tokenRequest(verifier);
    expect(token.status).toBe(503);
    expect(token.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(await token.json()).toEqual({ error: "temporarily_unavailable" });

    await proxy.restore();
    // The pool drops a dead connection when a query fails on it: at worst every pooled
    // connection fails one request (503 still), then the sign-in page comes again.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= POSTGRES_POOL_SIZE; attempt++) {
      const answer = await authorize();
      await answer.body?.cancel();
      statuses.push(answer.status);
      if (statuses.at(-1) === 200) break;
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
  });
});
