import { BASE_PATH } from "@portal/core";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { FRAME_LOADER_CSP_SOURCE } from "./frame-loader.js";

/** The one page another page may frame: keycloak-js loads it in a same-origin iframe. */
export const FRAMEABLE_PATH = `${BASE_PATH}silent-check-sso.html`;

const origin = (url: string): string => new URL(url).origin;

/**
 * The Content-Security-Policy of the portal: scripts only from the portal itself (the one
 * inline script, a framed page's loader, by its hash), the identity provider may be framed (silent sign-in check) and
 * called; nothing may frame the portal except `frameAncestors`.
 */
export const contentSecurityPolicy = (config: Config, frameAncestors: "'none'" | "'self'") => {
  const identity = origin(config.oidcIssuer);
  const self = origin(config.publicUrl);
  // The provider is usually this same origin; list it only when it is another host.
  const identitySource = identity === self ? "" : ` ${identity}`;
  return [
    "default-src 'self'",
    `script-src 'self' ${FRAME_LOADER_CSP_SOURCE}`,
    // Stylesheets from the portal only: no inline style, in the HTML or the prerendered
    // frames (the web build refuses a frame with one). React sets styles through the DOM
    // (CSSOM), which style-src does not restrict.
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${identitySource}`,
    `frame-src 'self'${identitySource}`,
    `form-action 'self'${identitySource}`,
    "base-uri 'self'",
    "object-src 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
};

/**
 * The Permissions-Policy: every powerful feature off; with `passkeys` (the identity
 * provider's sign-in pages) this origin itself may ask for a passkey.
 */
export const permissionsPolicy = ({ passkeys = false } = {}): string =>
  [
    "accelerometer=()",
    "autoplay=()",
    "camera=()",
    "display-capture=()",
    "encrypted-media=()",
    "geolocation=()",
    "gyroscope=()",
    "magnetometer=()",
    "microphone=()",
    "midi=()",
    "payment=()",
    passkeys ? "publickey-credentials-get=(self)" : "publickey-credentials-get=()",
    "screen-wake-lock=()",
    "usb=()",
    "xr-spatial-tracking=()",
  ].join(", ");
const PERMISSIONS_POLICY = permissionsPolicy();

/** Every security header of a response to `path`. */
export const securityHeaders = (config: Config, path: string): Record<string, string> => {
  const frameable = path === FRAMEABLE_PATH;
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(config, frameable ? "'self'" : "'none'"),
    "x-content-type-options": "nosniff",
    "x-frame-options": frameable ? "SAMEORIGIN" : "DENY",
    // Links carry tokens (optinId, optoutId): other sites only ever see our origin.
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
  };
  if (config.publicUrl.startsWith("https://")) {
    headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
};

/**
 * Puts the security headers on every response, including 404s, errors and responses
 * that modules write to the raw socket (the identity provider). Set on the raw response
 * before anything else, so a route that needs its own policy can still replace one.
 */
export const installSecurityHeaders = (app: FastifyInstance, config: Config): void => {
  // Two fixed sets, built once: the headers are the same for every request but one path.
  const framed = Object.entries(securityHeaders(config, FRAMEABLE_PATH));
  const unframed = Object.entries(securityHeaders(config, "/"));
  app.addHook("onRequest", (request, reply, done) => {
    const query = request.url.indexOf("?");
    const path = query === -1 ? request.url : request.url.slice(0, query);
    for (const [name, value] of path === FRAMEABLE_PATH ? framed : unframed) {
      reply.raw.setHeader(name, value);
    }
    done();
  });
};
