import type { FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { CookieSigner } from "../oidc/cookie-signer.js";
import type { ProviderInProcess } from "../oidc/in-process.js";
import { AUTHORIZATION_ROUTE } from "../oidc/provider.js";

/** What the resumed authorization's answer carries over into the step's own answer. */
const CARRIED = ["location", "content-type", "cache-control", "retry-after"] as const;

const POLICY = "content-security-policy";

/** The provider's policy of each step answered with its resumed authorization. */
const providerPolicies = new WeakMap<FastifyRequest, string>();

/**
 * The content security policy of the provider's answer a step carries (see below), for the
 * pages' own headers to give way to: a response mode's form carries its script's hash there.
 */
export const providerPolicyOf = (request: FastifyRequest): string | undefined =>
  providerPolicies.get(request);

/**
 * Whether `resumeUrl` resumes the authorization of interaction `uid` (the code flow's
 * `/auth/<uid>`; the device flow resumes elsewhere and keeps its redirect: its end is a page,
 * which would then stand at the address of a form post).
 */
export const resumesAuthorization = (mountPath: string, uid: string, resumeUrl: string): boolean =>
  new URL(resumeUrl, "http://resume.invalid").pathname ===
  `${mountPath}${AUTHORIZATION_ROUTE}/${encodeURIComponent(uid)}`;

/**
 * The resumed authorization in the answer of the step that ended the interaction, as
 * Keycloak answers its login form with the redirect to the client: the browser goes from the
 * form straight back to the app, one round trip less after every sign-in.
 *
 * The step has just stored the interaction's result; `resumeUrl` is where oidc-provider
 * would send the browser for it (`/auth/<uid>`). That request runs here, in-process
 * (in-process.ts), with the browser's cookies and address and the resume cookie oidc-provider set
 * on that path when the authorization began. The browser holds that cookie but sends it to
 * that path only, so the step signs it again with the provider's own cookie keys: the step's
 * request has already proven the same browser with the interaction's cookie (scoped to the
 * step's path, checked by `interactionDetails`), set beside the resume cookie by the same
 * authorization. Its answer (the redirect to the client with the code, a response mode's form,
 * another interaction's page, an error page) becomes the step's, its cookies (the session's,
 * the resume cookie cleared) added to the step's own, its headers in place of the pages'.
 */
export const answerWithResumedAuthorization = async (
  provider: Provider,
  inProcess: ProviderInProcess,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  resumeUrl: string,
): Promise<FastifyReply> => {
  const name = provider.cookieName("resume");
  const signer = provider.app.keys as unknown as CookieSigner;
  const resumeCookie = `${name}=${uid}; ${name}.sig=${signer.sign(`${name}=${uid}`)}`;
  const { pathname, search } = new URL(resumeUrl, "http://resume.invalid");
  // First, so it is the one read should the browser's own header carry one too.
  const cookie = [resumeCookie, request.headers.cookie].filter(Boolean).join("; ");
  const resumed = await inProcess(request, pathname + search, cookie);
  reply.code(resumed.status);
  for (const header of CARRIED) {
    const value = resumed.headers[header];
    if (typeof value === "string") reply.header(header, value);
  }
  const policy = resumed.headers[POLICY];
  if (typeof policy === "string") providerPolicies.set(request, policy);
  const cookies = resumed.headers["set-cookie"];
  for (const line of typeof cookies === "string" ? [cookies] : (cookies ?? [])) {
    reply.header("set-cookie", String(line));
  }
  return reply.send(resumed.body);
};
