import * as Schema from "effect/Schema";

/** What securing an account can suspend: the two code factors and passkeys. */
export const SUSPENDED_FACTOR_KINDS = ["AUTHENTICATOR_APP", "EMAIL", "PASSKEY"] as const;
export const SuspendedFactorKind = Schema.Literals(SUSPENDED_FACTOR_KINDS);
export type SuspendedFactorKind = typeof SuspendedFactorKind.Type;

/**
 * A second factor or passkey that "This wasn't me" suspended: it signs nobody in until the
 * person keeps it (`POST .../keep`) or removes it (`delete_credential:{id}` at the provider).
 * `createdFrom` names the browser and system it was set up from (null when not recorded),
 * so the person can tell their own from an intruder's.
 *
 * @example
 * const f: SuspendedFactor = {
 *   id: "7f0c…", kind: "PASSKEY", name: "Chrome on Linux",
 *   createdAt: "2026-11-28T10:00:00.000Z", createdFrom: { browser: "Chrome", os: "Linux" },
 *   suspendedAt: "2026-11-29T08:00:00.000Z",
 * };
 */
export const SuspendedFactor = Schema.Struct({
  id: Schema.String,
  kind: SuspendedFactorKind,
  /** The passkey's name; null for an app or e-mail codes. */
  name: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  createdFrom: Schema.NullOr(Schema.Struct({ browser: Schema.String, os: Schema.String })),
  suspendedAt: Schema.String,
});
export type SuspendedFactor = typeof SuspendedFactor.Type;

export const SuspendedFactors = Schema.Array(SuspendedFactor);
export type SuspendedFactors = typeof SuspendedFactors.Type;
