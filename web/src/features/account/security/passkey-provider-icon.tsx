/**
 * The icon of a passkey named after its provider ("1Password"): the community AAGUID list's
 * square SVG, served by the server as a `data:` URI with the list (issue 49). Decorative
 * beside the name, which says the same: empty `alt`. Drawn as an image, an SVG runs no
 * script.
 */
export function PasskeyProviderIcon({ icon }: { readonly icon: string | undefined }) {
  if (!icon?.startsWith("data:image/svg+xml;base64,")) return null;
  return (
    <img className="passkey-icon" src={icon} alt="" width={24} height={24} data-qa="passkey-icon" />
  );
}
