import * as oidc from "openid-client";

/**
 * Keycloak's admin REST API, called by the portal's server with a token of its own
 * confidential client (`portal-support`, whose service account holds realm-management's
 * `view-users` and `manage-users` in keycloak/realm-portal.json). Used where the portal must
 * change what Keycloak holds: ending a person's sessions, and keeping its users in step
 * with the portal's persons (user-sync.ts).
 */
export interface KeycloakAdmin {
  /** A JSON answer of `GET {admin}{path}`. */
  get<T>(path: string): Promise<T>;
  /** `POST` or `DELETE` without a body; resolves on any 2xx. */
  send(method: "POST" | "DELETE", path: string): Promise<void>;
  /** `POST` or `PUT` of a JSON body; resolves on any 2xx with the `Location` header, if any. */
  write(method: "POST" | "PUT", path: string, body: unknown): Promise<string | undefined>;
}

/** An answer of the admin API that is not 2xx; the message names method, path and status. */
export class KeycloakAdminError extends Error {
  constructor(
    readonly status: number,
    method: string,
    path: string,
  ) {
    super(`Keycloak admin API: ${method} ${path} answered ${status}`);
    this.name = "KeycloakAdminError";
  }
}

/**
 * The admin API's base of an issuer: `https://kc/realms/portal` has its admin API at
 * `https://kc/admin/realms/portal` (also under a context path such as `/auth`). Undefined
 * when the issuer is not a Keycloak realm address.
 */
export const adminBaseOf = (issuer: string): string | undefined => {
  const url = new URL(issuer);
  const match = /^(.*)\/realms\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return undefined;
  return `${url.origin}${match[1]}/admin/realms/${match[2]}`;
};

// A token is renewed this long before Keycloak says it expires: a call never starts with
// one that runs out on the way.
const RENEW_BEFORE_SECONDS = 30;

/**
 * An admin client of `issuer` for `clientId`/`clientSecret`: discovery and the client
 * credentials grant through openid-client, the token kept until shortly before it expires
 * and fetched again once when the API answers 401 (revoked or rotated keys).
 *
 * @example
 * const admin = createKeycloakAdmin({ issuer, clientId: "portal-support", clientSecret });
 * await admin.send("POST", `/users/${id}/logout`);
 */
export const createKeycloakAdmin = (options: {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly now?: () => number;
}): KeycloakAdmin => {
  const base = adminBaseOf(options.issuer);
  if (!base) throw new Error(`OIDC_ISSUER ${options.issuer} is not a Keycloak realm address`);
  const now = options.now ?? Date.now;
  let configuration: Promise<oidc.Configuration> | undefined;
  let token: { readonly value: string; readonly until: number } | undefined;

  const discover = () => {
    configuration ??= oidc
      .discovery(new URL(options.issuer), options.clientId, options.clientSecret, undefined, {
        // Plain http only for an issuer on this machine (development, tests).
        execute: options.issuer.startsWith("http://") ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  const accessToken = async (): Promise<string> => {
    if (token && token.until > now()) return token.value;
    const answer = await oidc.clientCredentialsGrant(await discover());
    const lifetime = (answer.expires_in ?? 60) - RENEW_BEFORE_SECONDS;
    token = { value: answer.access_token, until: now() + Math.max(lifetime, 0) * 1000 };
    return token.value;
  };

  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      if (!response.ok) throw new KeycloakAdminError(response.status, method, path);
      return response;
    }
  };

  return {
    get: async <T>(path: string) => (await (await call("GET", path)).json()) as T,
    send: async (method, path) => {
      await (await call(method, path)).body?.cancel();
    },
    write: async (method, path, body) => {
      const response = await call(method, path, body);
      await response.body?.cancel();
      return response.headers.get("location") ?? undefined;
    },
  };
};
