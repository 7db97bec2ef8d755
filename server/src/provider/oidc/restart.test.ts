import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../index.js";
import { databases } from "../../test-support/databases.js";
import {
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
  WEB_CLIENT,
} from "../testing/identity-kit.js";

const refreshAt = async (server: RunningServer, refreshToken: string) =>
  fetch(`${server.url}/realms/portal/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: WEB_CLIENT,
    }),
  });

describe.each(databases)("embedded provider across processes on $name", (target) => {
  let t: IdentityServer;
  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  it("keeps keys, sessions and refresh tokens across a restart (and a second process on PostgreSQL)", async () => {
    const person = await createPerson(t.db);
    const { tokens } = await signIn(t, person.email);
    const siblings: RunningServer[] = [];
    try {
      let next: RunningServer;
      if (target.name === "postgres") {
        // A second instance behind the same PUBLIC_URL, while the first still runs.
        next = await t.sibling();
      } else {
        // PGlite is one process: stop, then start again on the same folder and port.
        await t.stop();
        next = await t.sibling(t.server.port);
      }
      siblings.push(next);
      const certs = await fetch(`${next.url}/realms/portal/protocol/openid-connect/certs`);
      const { keys } = (await certs.json()) as { keys: Array<{ kid: string }> };
      const kid = JSON.parse(
        Buffer.from(tokens.access_token.split(".")[0] ?? "", "base64url").toString(),
      ).kid;
      expect(keys.map((k) => k.kid)).toContain(kid);
      const res = await refreshAt(next, tokens.refresh_token ?? "");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { access_token: string };
      expect(decodeJwt(body.access_token).cr_id).toBe(person.id);
    } finally {
      for (const s of siblings) await s.close();
    }
  }, 60_000);
});
