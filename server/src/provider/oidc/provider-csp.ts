/**
 * The one Content-Security-Policy of everything the identity provider answers: its own
 * responses (mount.ts) and its pages (../provider-plugin.ts). Own assets only; the QR code of
 * the authenticator set-up is a data: image; forms post to the provider itself.
 */
export const PROVIDER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "frame-ancestors 'self'; base-uri 'none'; object-src 'none'";
