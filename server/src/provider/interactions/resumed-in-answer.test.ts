import Fastify from "fastify";
import type Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../../test-support/databases.js";
import type { InProcessAnswer } from "../oidc/in-process.js";
import { PROVIDER_CSP } from "../oidc/provider-csp.js";
import { FIREFOX_ON_LINUX, formAction, TestBrowser } from "../testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  PASSWORD,
  redeem,
  signIn,
  startIdentityServer,
} from "../testing/identity-kit.js";
import {
  answerWithResumedAuthorization,
  providerPolicyOf,
  resumesAuthorization,
} from "./resumed-in-answer.js";

const ACTIONS = "/realms/portal/login-actions/";
const RESUME = "/realms/portal/protocol/openid-connect/auth/";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("which resumes are answered in place", () => {
  const at = (path: string) => `https://portal.example${path}`;
  it("the authorization's of the same interaction only; the device flow keeps its redirect", () => {
    expect(resumesAuthorization("/realms/portal", "u1", at(`${RESUME}u1`))).toBe(true);
    expect(resumesAuthorization("/realms/portal", "u1", at(`${RESUME}u2`))).toBe(false);
    expect(resumesAuthorization("/realms/portal", "u1", at("/realms/portal/device/u1"))).toBe(
      false,
    );
  });
});

describe("what the resumed authorization's answer carries into the step's", () => {
  // Only what the carrying reads of the provider: its cookie's name and keys.
  const provider = {
    cookieName: (name: string) => `_interaction_${name}`,
    app: { keys: { sign: (data: string) => `sig(${data})` } },
  } as unknown as Provider;

  it("passes an outage's 503 on with its wait, its page and its policy, cookies added to the step's", async () => {
    const asked: Array<{ path: string; cookie: string }> = [];
    const outage: InProcessAnswer = {
      status: 503,
      headers: {
        "retry-after": "5",
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'",
        "set-cookie": ["_session=; path=/"],
        "x-powered-by": "not carried",
      },
      body: Buffer.from("<p>later</p>"),
    };
    const app = Fastify();
    let policy: string | undefined;
    app.post("/step", async (request, reply) => {
      reply.header("set-cookie", "step=1; path=/");
      await answerWithResumedAuthorization(
        provider,
        async (_request, path, cookie) => {
          asked.push({ path, cookie });
          return outage;
        },
        request,
        reply,
        "u1",
        `https://portal.example${RESUME}u1?x=1`,
      );
      policy = providerPolicyOf(request);
      return reply;
    });
    const res = await app.inject({ method: "POST", url: "/step", headers: { cookie: "a=1" } });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["set-cookie"]).toEqual(["step=1; path=/", "_session=; path=/"]);
    expect(res.body).toBe("<p>later</p>");
    expect(policy).toBe("default-src 'none'");
    // The resume path with its query; the signed resume cookie before the browser's own.
    expect(asked).toEqual([
      {
        path: `${RESUME}u1?x=1`,
        cookie: "_interaction_resume=u1; _interaction_resume.sig=sig(_interaction_resume=u1); a=1",
      },
    ]);
    await app.close();
  });
});

// Keycloak answers its login form with the redirect to the client; so does the embedded
// provider (resumed-in-answer.ts): the step that ends the interaction runs the resumed
// authorization itself instead of sending the browser to it.
describe.each(embedded)("the resumed authorization in the step's answer on $name", (target) => {
  let t: IdentityServer;

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** The login page of a new authorization request, in `b`. */
  const loginPage = async (b: TestBrowser, extra: Record<string, string> = {}) => {
    const request = await authorizationRequest(await t.web(), t.redirectUri, extra);
    const page = await b.request(request.url.toString());
    const action = formAction(await page.text(), "kc-form-login");
    const uid = new RegExp(`^${ACTIONS}([\\w-]+)/login$`).exec(action)?.[1] ?? "";
    return { request, action, uid };
  };
  const post = (b: TestBrowser, action: string, fields: Record<string, string>) =>
    b.request(action, { method: "POST", headers: FORM, body: new URLSearchParams(fields) });

  it("answers the password with the redirect to the app: the code, the session's cookie, the resume cookie gone", async () => {
    const person = await createPerson(t.db);
    const b = new TestBrowser(t.server.config.publicUrl, FIREFOX_ON_LINUX);
    const { request, action, uid } = await loginPage(b);

    const answer = await post(b, action, { username: person.email, password: PASSWORD });

    expect(answer.status).toBe(303);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toBe(PROVIDER_CSP);
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    const location = answer.headers.get("location") ?? "";
    expect(location.startsWith(`${t.redirectUri}?`)).toBe(true);
    const back = new URL(location);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe(request.state);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("_session="))).toBe(true);
    const resume = cookies.find((c) => c.startsWith("_interaction_resume=;"));
    expect(resume).toContain(`path=${RESUME}${uid};`);
    expect(resume).toMatch(/expires=Thu, 01 Jan 1970/i);
    expect(b.cookie("_interaction_resume")).toBeUndefined();

    const tokens = await redeem(await t.web(), location, request);
    expect(tokens.access_token).toBeTruthy();
    // The session the answer opened is the browser's: a second authorization signs in at once.
    const again = await authorizationRequest(await t.web(), t.redirectUri);
    const silent = await b.request(again.url.toString());
    expect(silent.status).toBe(303);
    expect(silent.headers.get("location")?.startsWith(`${t.redirectUri}?`)).toBe(true);
  });

  it("gives a response mode's form with the provider's policy, its script allowed by hash", async () => {
    const person = await createPerson(t.db);
    const b = new TestBrowser(t.server.config.publicUrl);
    const { action } = await loginPage(b, { response_mode: "form_post" });
    const answer = await post(b, action, { username: person.email, password: PASSWORD });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`action="${t.redirectUri}"`);
    expect(html).toContain('name="code"');
    const policy = answer.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("'sha256-");
    expect(policy).not.toBe(PROVIDER_CSP);
  });

  it("resumes nothing for a post without the interaction's cookie, even one carrying its resume cookie", async () => {
    const person = await createPerson(t.db);
    const owner = new TestBrowser(t.server.config.publicUrl);
    const { action, uid } = await loginPage(owner);
    // Another browser that learnt the form's address and the resume cookie, not the
    // interaction's cookie.
    const other = new TestBrowser(t.server.config.publicUrl);
    const resume = owner.cookie("_interaction_resume");
    expect(resume).toBe(uid);
    other.setCookie("_interaction_resume", resume ?? "");
    const answer = await post(other, action, { username: person.email, password: PASSWORD });
    expect(answer.headers.get("location") ?? "").not.toContain("code=");
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("_session="))).toBe(false);
  });

  it("ends a signed-in session's fresh sign-in in the app the same way", async () => {
    const person = await createPerson(t.db);
    const { browser: b, config } = await signIn(t, person.email);
    const request = await authorizationRequest(config, t.redirectUri, { prompt: "login" });
    const page = await b.open(request.url.toString());
    const action = formAction(await page.response.text(), "kc-form-login");
    const answer = await post(b, action, { username: person.email, password: PASSWORD });
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location") ?? "";
    expect(location.startsWith(`${t.redirectUri}?`)).toBe(true);
    expect((await redeem(config, location, request)).access_token).toBeTruthy();
  });
});
