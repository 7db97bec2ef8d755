import type { FastifyInstance } from "fastify";

// keycloak-js opens `3p-cookies/step1.html` of the realm in a hidden iframe before a silent
// check-sso and waits (10 s) for "supported" or "unsupported"; Keycloak serves these pages,
// so the embedded provider does too. Step 1 sets test cookies and moves on to step 2, which
// reports whether they arrived. Scripts are files: the pages keep a CSP without inline code.
const STEP1_JS = `document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure";
document.cookie = "KEYCLOAK_3P_COOKIE=supported; Max-Age=60";
window.location.replace("step2.html");
`;

const STEP2_JS = `var supported = document.cookie.indexOf("KEYCLOAK_3P_COOKIE") !== -1;
document.cookie = "KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure";
document.cookie = "KEYCLOAK_3P_COOKIE=; Max-Age=0";
window.parent.postMessage(supported ? "supported" : "unsupported", "*");
`;

const html = (script: string): string =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Third-party cookie check</title><script src="${script}"></script></head><body></body></html>`;

// Framed by the app (same origin by default); nothing else is allowed.
const CSP =
  "default-src 'none'; script-src 'self'; frame-ancestors 'self'; base-uri 'none'; object-src 'none'";

const FILES: ReadonlyArray<readonly [name: string, type: string, body: string]> = [
  ["step1.html", "text/html; charset=utf-8", html("step1.js")],
  ["step1.js", "text/javascript; charset=utf-8", STEP1_JS],
  ["step2.html", "text/html; charset=utf-8", html("step2.js")],
  ["step2.js", "text/javascript; charset=utf-8", STEP2_JS],
];

/**
 * Serves Keycloak's third-party-cookie check under `${realmPath}/protocol/openid-connect/3p-cookies/`.
 *
 * @example
 * serveThirdPartyCookieCheck(app, "/realms/portal");
 */
export const serveThirdPartyCookieCheck = (app: FastifyInstance, realmPath: string): void => {
  for (const [name, type, body] of FILES) {
    app.get(`${realmPath}/protocol/openid-connect/3p-cookies/${name}`, (_request, reply) =>
      reply
        .type(type)
        .header("cache-control", "no-store")
        .header("content-security-policy", CSP)
        .header("x-frame-options", "SAMEORIGIN")
        .send(body),
    );
  }
};
