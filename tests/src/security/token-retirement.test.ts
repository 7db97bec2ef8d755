import { createHash } from "node:crypto";
import { request } from "node:http";
import { API_ROUTES } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CHECK_MAX_AGE_MS } from "../../../server/src/http/auth.js";
import type { HttpSession } from "../support/http-session.js";
import { REALM, signInOverHttp } from "../support/oidc-sign-in.js";
import {
  type Account,
  api,
  confirmedAccount,
  mailedToken,
  newPassword,
} from "./support/accounts.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 14, tokens and sessions: "using a mail token retires every other open token of that
// kind for that person; a password change or reset also retires all open reset links";
// "the API must refuse a token whose session has ended within a few seconds"; "logout CSRF";
// and data: "deletion removes or anonymises everything tied to the person; keys derived
// from addresses use a keyed hash".

describe.each(["pglite", "postgres"] as const)("tokens and sessions on %s", (database) => {
  let portal: SecurityPortal;
  beforeAll(async () => {
    portal = await leaseSecurityPortal({ database });
  });
  afterAll(() => portal?.close());

  /**
   * The API notices a session ended once its per-session answer (held 2 s) is due again:
   * the portal's clock moves past that instead of the test waiting for it.
   */
  const letTheSessionCheckAskAgain = () => portal.clock.advance(SESSION_CHECK_MAX_AGE_MS + 1);

  const account = (label: string) => confirmedAccount(portal.url, portal.outbox, label);
  const signIn = (a: Account) => signInOverHttp(portal.url, a.email, a.password);
  const resetLink = async (email: string) => {
    const res = await api(portal.url, API_ROUTES.requestPasswordResetMail, { body: { email } });
    expect(res.status).toBe(202);
    return mailedToken(portal.outbox, email, "passwordReset");
  };
  const reset = (token: string) =>
    api(portal.url, API_ROUTES.resetPassword, {
      body: { passwordResetToken: token, newPassword: newPassword() },
    });
  const me = (token: string) => api(portal.url, API_ROUTES.getMe, { token });
  const logout = async (session: HttpSession, idTokenHint: string) => {
    const url = new URL(`${portal.url}/realms/${REALM}/protocol/openid-connect/logout`);
    url.searchParams.set("id_token_hint", idTokenHint);
    const page = await session.fetch(url);
    const html = await page.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error(`no logout form: ${html.slice(0, 200)}`);
    return { html, action: action.replace(/&#x2F;/g, "/").replace(/&amp;/g, "&"), xsrf };
  };

  describe("mail tokens", () => {
    it("a reset with the newer link retires the older one", async () => {
      const a = await account("reset-older");
      const older = await resetLink(a.email);
      const newer = await resetLink(a.email);
      expect((await reset(newer)).status).toBe(204);
      const again = await reset(older);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual([
        { errorCode: "INVALID_OPT_IN", field: "passwordResetToken" },
      ]);
    });

    it("a password change retires the open reset links", async () => {
      const a = await account("reset-change");
      const link = await resetLink(a.email);
      const { accessToken } = await signIn(a);
      const changed = await api(portal.url, API_ROUTES.changePassword, {
        token: accessToken,
        body: { oldPassword: a.password, newPassword: newPassword() },
      });
      expect(changed.status).toBe(204);
      expect((await reset(link)).status).toBe(400);
    });

    it("a newer e-mail change request retires the older link, also when it goes to a taken address", async () => {
      const a = await account("change-older");
      const taken = await account("change-taken");
      const { accessToken } = await signIn(a);
      const first = `first-${Date.now()}@example.test`;
      const asked = await api(portal.url, API_ROUTES.changeMailAddress, {
        token: accessToken,
        body: { newEmail: first },
      });
      expect(asked.status).toBe(200);
      const older = await mailedToken(portal.outbox, first, "emailChange");
      const again = await api(portal.url, API_ROUTES.changeMailAddress, {
        token: accessToken,
        body: { newEmail: taken.email },
      });
      expect(again.status).toBe(200);
      const confirm = await api(portal.url, API_ROUTES.confirmMailAddress, {
        body: { confirmationToken: older },
      });
      expect(confirm.status).toBe(400);
    });
  });

  describe("access tokens end with their session", () => {
    it("logout: the API refuses the access token within seconds", async () => {
      const a = await account("logout-api");
      const signedIn = await signIn(a);
      expect((await me(signedIn.accessToken)).status).toBe(200);
      const { action, xsrf } = await logout(signedIn.session, signedIn.idToken);
      const done = await signedIn.session.fetch(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ xsrf, logout: "yes" }),
      });
      expect(done.status).toBeLessThan(400);
      letTheSessionCheckAskAgain();
      expect((await me(signedIn.accessToken)).status).toBe(401);
    });

    it("password change: the other session's access token is refused, the changer's is not", async () => {
      const a = await account("change-api");
      const current = await signIn(a);
      const other = await signIn(a);
      expect((await me(other.accessToken)).status).toBe(200);
      const changed = await api(portal.url, API_ROUTES.changePassword, {
        token: current.accessToken,
        body: { oldPassword: a.password, newPassword: newPassword() },
      });
      expect(changed.status).toBe(204);
      letTheSessionCheckAskAgain();
      expect((await me(other.accessToken)).status).toBe(401);
      expect((await me(current.accessToken)).status).toBe(200);
    });

    it("account deletion: the access token of another session is refused at once", async () => {
      const a = await account("delete-api");
      const one = await signIn(a);
      const two = await signIn(a);
      expect((await me(two.accessToken)).status).toBe(200);
      // Member-less accounts may be deleted; the request needs the token, the link does not.
      expect(
        (await api(portal.url, API_ROUTES.requestDeletion, { token: one.accessToken })).status,
      ).toBe(200);
      const link = await mailedToken(portal.outbox, a.email, "deletion");
      expect(
        (await api(portal.url, API_ROUTES.confirmDeletion, { body: { optOutToken: link } })).status,
      ).toBe(204);
      letTheSessionCheckAskAgain();
      // Not "not found" for a person who is gone: the session's end refuses the token itself.
      const after = await api(portal.url, API_ROUTES.getMe, {
        token: two.accessToken,
      });
      expect(after.status).toBe(401);
    });
  });

  describe("logout page", () => {
    it("signs out without asking only for the browser's own ID token, and asks for someone else's", async () => {
      const victim = await account("csrf-victim");
      const attacker = await account("csrf-attacker");
      const victimSession = await signIn(victim);
      const attackerTokens = await signIn(attacker);
      // A link carrying the attacker's ID token, opened in the victim's browser.
      const foreign = await logout(victimSession.session, attackerTokens.idToken);
      expect(foreign.html).not.toContain("data-auto-submit");
      expect(foreign.html).toContain('data-qa="logout-confirm"');
      const own = await logout(victimSession.session, victimSession.idToken);
      expect(own.html).toContain('data-auto-submit="kc-logout"');
    });

    it("posts to the configured issuer whatever Host the request names", async () => {
      const a = await account("logout-host");
      const signedIn = await signIn(a);
      const url = new URL(`${portal.url}/realms/${REALM}/protocol/openid-connect/logout`);
      url.searchParams.set("id_token_hint", signedIn.idToken);
      // fetch would not send a Host of our choosing; a plain request does, as an attacker can.
      const html = await new Promise<string>((resolve, reject) => {
        const req = request(
          url,
          { headers: { host: "evil.example", cookie: signedIn.session.cookieHeader() } },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              body += chunk;
            });
            res.on("end", () => resolve(body));
          },
        );
        req.on("error", reject);
        req.end();
      });
      const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
      expect(action?.replace(/&#x2F;/g, "/")).toBe(
        `${portal.server.config.oidcIssuer}/protocol/openid-connect/logout/confirm`,
      );
    });
  });

  describe("account deletion leaves nothing tied to the person", () => {
    const failureKeys = async (): Promise<Set<string>> => {
      const result = (await portal.server.database.db.execute(
        "select subject_hash from identity_login_failures",
      )) as unknown as { rows: Array<{ subject_hash: string }> };
      return new Set(result.rows.map((r) => r.subject_hash));
    };

    it("removes the mails of earlier addresses and the sign-in failures; failure keys are keyed hashes", async () => {
      const a = await account("erase");
      const { accessToken } = await signIn(a);
      const next = `erase-next-${Date.now()}@example.test`;
      const asked = await api(portal.url, API_ROUTES.changeMailAddress, {
        token: accessToken,
        body: { newEmail: next },
      });
      expect(asked.status).toBe(200);
      const change = await mailedToken(portal.outbox, next, "emailChange");
      const confirmed = await api(portal.url, API_ROUTES.confirmMailAddress, {
        body: { confirmationToken: change },
      });
      expect(confirmed.status).toBe(204);
      // The old address got the "address changed" notice naming the new one.
      expect((await portal.outbox.list(a.email)).length).toBeGreaterThan(0);
      const fresh = await signInOverHttp(portal.url, next, a.password);
      expect(
        (await api(portal.url, API_ROUTES.requestDeletion, { token: fresh.accessToken })).status,
      ).toBe(200);
      const link = await mailedToken(portal.outbox, next, "deletion");

      // Failed sign-ins under both addresses are counted, under keys no plain hash matches.
      const before = await failureKeys();
      for (const email of [a.email, next]) {
        await expect(signInOverHttp(portal.url, email, "Wrong-Passw0rd!")).rejects.toThrow(
          /gave no code/,
        );
      }
      const counted = [...(await failureKeys())].filter((k) => !before.has(k));
      expect(counted).toHaveLength(2);
      for (const email of [a.email, next]) {
        expect(counted).not.toContain(createHash("sha256").update(`login:${email}`).digest("hex"));
      }

      // A mail still waiting in the queue for the earlier address (due in an hour).
      await portal.server.database.db.execute(
        `insert into mail_queue (kind, email, run_after) values ('passwordReset', '${a.email}', now() + interval '1 hour')`,
      );
      const queued = async (): Promise<number> => {
        const result = (await portal.server.database.db.execute(
          `select count(*)::int as n from mail_queue where email = '${a.email}'`,
        )) as unknown as { rows: Array<{ n: number }> };
        return result.rows[0]?.n ?? -1;
      };
      expect(await queued()).toBe(1);

      expect(
        (await api(portal.url, API_ROUTES.confirmDeletion, { body: { optOutToken: link } })).status,
      ).toBe(204);
      expect(await queued()).toBe(0);
      expect(await portal.outbox.list(a.email)).toEqual([]);
      // Only the erasure's notice (issue 29) went out after the deletion: it carries no link,
      // and the outbox keeps a delivered mail as a mailbox would; every earlier mail is gone.
      const left = await portal.outbox.list(next);
      expect(left.map((m) => ({ subject: m.subject, links: m.links }))).toEqual([
        { subject: expect.stringMatching(/Ihr Konto wurde gelöscht$/), links: [] },
      ]);
      const after = await failureKeys();
      for (const key of counted) expect(after.has(key)).toBe(false);
    });
  });
});
