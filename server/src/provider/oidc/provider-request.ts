import type { IncomingMessage, ServerResponse } from "node:http";
import { CORRELATION_ID_HEADER } from "@portal/contracts";
import { PROVIDER_CSP } from "./provider-csp.js";

// What every request the provider runs gets, from the mount (mount.ts) or in-process
// (in-process.ts).

/**
 * Hands `raw` over to the provider at `path` as a mounted app expects it: the prefix off its
 * URL, the whole path kept as `originalUrl` (the provider's own URLs, its cookies' paths among
 * them, are built from it), and the origin pinned (below).
 */
export const handOver = (
  raw: IncomingMessage & { originalUrl?: string },
  path: string,
  prefix: string,
  publicUrl: URL,
  clientIp: string,
): void => {
  raw.originalUrl = path;
  raw.url = path.slice(prefix.length) || "/";
  pinOrigin(raw, publicUrl, clientIp);
};

/**
 * The request as the provider may see it: Host and protocol of `publicUrl` (so every URL it
 * builds, in discovery, form actions and redirects, is the configured one and no client
 * can put its own host there), and the client address Fastify resolved under TRUST_PROXY.
 */
const pinOrigin = (raw: IncomingMessage, publicUrl: URL, clientIp: string): void => {
  for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "forwarded"]) {
    delete raw.headers[name];
  }
  raw.headers.host = publicUrl.host;
  raw.headers["x-forwarded-proto"] = publicUrl.protocol.slice(0, -1);
  raw.headers["x-forwarded-for"] = clientIp;
};

/** The headers every answer of the provider gets before it runs (its own may add to them). */
export const setProviderHeaders = (res: ServerResponse, correlationId: string): void => {
  res.setHeader(CORRELATION_ID_HEADER, correlationId);
  // oidc-provider adds the hash of any inline script it writes (form_post) to this policy.
  res.setHeader("content-security-policy", PROVIDER_CSP);
  res.setHeader("x-content-type-options", "nosniff");
};
