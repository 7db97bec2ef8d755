import { BASE_PATH, ROUTES } from "@portal/core";
import type Provider from "oidc-provider";

/**
 * The web app's registered redirect URIs: the base path, `silent-check-sso.html` and
 * every route of the app (core's route table), each absolute under PUBLIC_URL.
 *
 * @example
 * webRedirectUris("http://localhost:8080")[0]; // "http://localhost:8080/benutzerverwaltung/"
 */
export const webRedirectUris = (publicUrl: string): string[] => {
  const base = `${publicUrl}${BASE_PATH}`;
  const routes = ROUTES.map((r) => r.path)
    .filter((p) => p !== "")
    .map((p) => `${base}${p}`);
  return [base, `${base}silent-check-sso.html`, ...routes];
};

/** Where the web app may be sent after logout: the base path (with or without slash). */
export const webPostLogoutRedirectUris = (publicUrl: string): string[] => [
  `${publicUrl}${BASE_PATH}`,
  `${publicUrl}${BASE_PATH.replace(/\/$/, "")}`,
];

/**
 * True when `value` is a page of the web app: same origin as PUBLIC_URL, path under the
 * base path, no credentials and no fragment. Query strings are allowed: the app returns to
 * `window.location.href`, which carries `client_id` and `prk` (spec section 2).
 */
export const isWebAppUri = (publicUrl: string, value: string): boolean => {
  const url = URL.parse(value);
  if (!url) return false;
  const origin = new URL(publicUrl).origin;
  return (
    url.origin === origin &&
    url.username === "" &&
    url.password === "" &&
    url.hash === "" &&
    !value.includes("#") &&
    url.pathname.startsWith(BASE_PATH)
  );
};

/**
 * oidc-provider matches redirect URIs exactly, which cannot express Keycloak's
 * `PUBLIC_URL/benutzerverwaltung/*` (any page of the app, with its query). For the web
 * client only, a URI under the base path is accepted as well; every other client keeps
 * exact matching.
 */
export const allowWebAppRedirects = (
  provider: Provider,
  clientId: string,
  publicUrl: string,
): void => {
  const proto = provider.Client.prototype as unknown as {
    redirectUriAllowed(this: { clientId: string }, value: string): boolean;
  };
  const exact = proto.redirectUriAllowed;
  proto.redirectUriAllowed = function redirectUriAllowed(value: string): boolean {
    return exact.call(this, value) || (this.clientId === clientId && isWebAppUri(publicUrl, value));
  };
};
