import type { IdentityProviderKind, MfaType } from "@portal/contracts";
import { useConfig } from "../../../app/use-config.js";

/**
 * What the security page offers, by the provider that signs people in (config.json's
 * `identity.provider`). Keycloak ships no e-mail code authenticator, no remembered devices
 * and no suspended state of a credential (securing removes its factors instead), keeps
 * no last use of a passkey, and names passkeys itself: the page offers none of that there
 * rather than show it and fail (docs/keycloak.md).
 */
export interface ProviderFeatures {
  /** Second factors that can be set up, the recommended one first. */
  readonly offered: ReadonlyArray<MfaType>;
  /** "Don't ask again on this device" and the list of such browsers. */
  readonly rememberedDevices: boolean;
  /** The review of factors "This wasn't me" suspended (keep or remove each). */
  readonly suspendedFactors: boolean;
  /**
   * The switch for the passkey made after a password sign-in (issue 49): a page of the
   * embedded provider; Keycloak's own pages sign people in without it.
   */
  readonly passkeyUpgrade: boolean;
  /** Renaming a passkey in the portal. */
  readonly passkeyRename: boolean;
  /** When a passkey was last used. */
  readonly passkeyLastUse: boolean;
  /**
   * Whether a passkey is asked for after the password (then it turns the two-factor state
   * on, and recovery codes back it up). In Keycloak mode the realm's own browser flow
   * ("portal browser" in keycloak/realm-portal.json) asks for it beside the app's code.
   */
  readonly passkeySecondFactor: boolean;
  /**
   * Recovery codes: made through CONFIGURE_RECOVERY_AUTHN_CODES. In Keycloak mode the
   * realm's browser flow takes one in place of the other second factor ("try another way").
   */
  readonly recoveryCodes: boolean;
  /** The passkey list's introduction (what a passkey does with this provider). */
  readonly passkeyIntro: "Security.Passkeys.Intro" | "Security.Passkeys.IntroKeycloak";
}

export const PROVIDER_FEATURES: Readonly<Record<IdentityProviderKind, ProviderFeatures>> = {
  embedded: {
    offered: ["AUTHENTICATOR_APP", "EMAIL"],
    rememberedDevices: true,
    suspendedFactors: true,
    passkeyUpgrade: true,
    passkeyRename: true,
    passkeyLastUse: true,
    passkeySecondFactor: true,
    recoveryCodes: true,
    passkeyIntro: "Security.Passkeys.Intro",
  },
  keycloak: {
    offered: ["AUTHENTICATOR_APP"],
    rememberedDevices: false,
    suspendedFactors: false,
    passkeyUpgrade: false,
    passkeyRename: false,
    passkeyLastUse: false,
    passkeySecondFactor: true,
    recoveryCodes: true,
    passkeyIntro: "Security.Passkeys.IntroKeycloak",
  },
};

/** The features of the provider this deployment signs in through. */
export const useProviderFeatures = (): ProviderFeatures =>
  PROVIDER_FEATURES[useConfig().identity.provider];
