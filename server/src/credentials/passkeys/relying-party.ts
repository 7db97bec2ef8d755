/**
 * The WebAuthn relying party of the embedded provider: its id (the host) and the origin
 * browsers report, both from PUBLIC_URL, so a passkey belongs to the portal's address.
 */
export interface RelyingParty {
  /** The host of PUBLIC_URL (`portal.example`), what a passkey is bound to. */
  readonly id: string;
  /** The origin of PUBLIC_URL (`https://portal.example`), checked in every response. */
  readonly origin: string;
  /** Shown by the browser when a passkey is created (the association's name). */
  readonly name: string;
}

/**
 * @example
 * relyingParty("https://portal.example/", "Credit Association");
 * // { id: "portal.example", origin: "https://portal.example", name: "Credit Association" }
 */
export const relyingParty = (publicUrl: string, name: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
};
