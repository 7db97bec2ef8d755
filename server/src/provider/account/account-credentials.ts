/**
 * `GET /account/credentials` in the shape of Keycloak's account REST API: one container
 * per credential type the portal knows (password, authenticator app, e-mail code,
 * passkeys as second factor and passwordless, recovery codes), each with its metadata and
 * the person's credentials of that type. A type whose credentials live elsewhere (passkeys,
 * recovery codes) adds its loader to {@link CREDENTIAL_LOADERS}.
 */
import { and, eq, isNull } from "drizzle-orm";
import { passkeysInUse, recoveryCodeStatus } from "../../credentials/index.js";
import type { Db } from "../../db/client.js";
import { mfaCredentials, persons } from "../../db/schema/index.js";

/** Keycloak's `CredentialRepresentation`, the fields the account console reads. */
export interface CredentialView {
  readonly id: string;
  readonly type: string;
  readonly userLabel: string;
  readonly createdDate: number;
  /** Type-specific data as a JSON string (Keycloak's recovery codes: total and remaining). */
  readonly credentialData?: string;
}

/** Keycloak's `CredentialContainer`. */
export interface CredentialContainer {
  readonly type: string;
  readonly category: "basic-authentication" | "two-factor" | "passwordless";
  readonly displayName: string;
  readonly helptext: string;
  readonly iconCssClass: string;
  readonly createAction?: string;
  readonly updateAction?: string;
  readonly removeable: boolean;
  readonly userCredentialMetadatas: ReadonlyArray<{ readonly credential: CredentialView }>;
}

type Metadata = Omit<CredentialContainer, "userCredentialMetadatas">;

/** The types, in the account console's order; names and actions are Keycloak's. */
export const CREDENTIAL_TYPES: readonly Metadata[] = [
  {
    type: "password",
    category: "basic-authentication",
    displayName: "password-display-name",
    helptext: "password-help-text",
    iconCssClass: "kcAuthenticatorPasswordClass",
    updateAction: "UPDATE_PASSWORD",
    removeable: false,
  },
  {
    type: "otp",
    category: "two-factor",
    displayName: "otp-display-name",
    helptext: "otp-help-text",
    iconCssClass: "kcAuthenticatorOTPClass",
    createAction: "CONFIGURE_TOTP",
    removeable: true,
  },
  {
    type: "email-otp",
    category: "two-factor",
    displayName: "email-otp-display-name",
    helptext: "email-otp-help-text",
    iconCssClass: "kcAuthenticatorEmailClass",
    createAction: "CONFIGURE_EMAIL_OTP",
    removeable: true,
  },
  {
    type: "webauthn",
    category: "two-factor",
    displayName: "webauthn-display-name",
    helptext: "webauthn-help-text",
    iconCssClass: "kcAuthenticatorWebAuthnClass",
    createAction: "webauthn-register",
    removeable: true,
  },
  {
    type: "webauthn-passwordless",
    category: "passwordless",
    displayName: "webauthn-passwordless-display-name",
    helptext: "webauthn-passwordless-help-text",
    iconCssClass: "kcAuthenticatorWebAuthnPasswordlessClass",
    createAction: "webauthn-register-passwordless",
    removeable: true,
  },
  {
    type: "recovery-authn-codes",
    category: "two-factor",
    displayName: "recovery-authn-codes-display-name",
    helptext: "recovery-authn-codes-help-text",
    iconCssClass: "kcAuthenticatorRecoveryAuthnCodesClass",
    createAction: "CONFIGURE_RECOVERY_AUTHN_CODES",
    removeable: true,
  },
];

/** Loads a person's credentials of the types it knows, keyed by type. */
export type CredentialLoader = (db: Db, personId: string) => Promise<CredentialView[]>;

const MFA_TYPE_NAMES = { AUTHENTICATOR_APP: "otp", EMAIL: "email-otp" } as const;

const passwordAndFactors: CredentialLoader = async (db, personId) => {
  const [person] = await db
    .select({ changedAt: persons.passwordChangedAt })
    .from(persons)
    .where(eq(persons.id, personId));
  const factors = await db
    .select({
      id: mfaCredentials.id,
      type: mfaCredentials.type,
      createdAt: mfaCredentials.createdAt,
    })
    .from(mfaCredentials)
    .where(and(eq(mfaCredentials.personId, personId), isNull(mfaCredentials.suspendedAt)));
  return [
    ...(person
      ? [
          {
            id: "password",
            type: "password",
            userLabel: "",
            createdDate: person.changedAt.getTime(),
          },
        ]
      : []),
    ...factors.map((f) => ({
      id: f.id,
      type: MFA_TYPE_NAMES[f.type],
      userLabel: "",
      createdDate: f.createdAt.getTime(),
    })),
  ];
};

/** The set of recovery codes is one credential, as in Keycloak, with its counts. */
const recoveryCodeSet: CredentialLoader = async (db, personId) => {
  const status = await recoveryCodeStatus(db, personId);
  if (status.total === 0 || status.createdAt === null) return [];
  return [
    {
      id: "recovery-authn-codes",
      type: "recovery-authn-codes",
      userLabel: "",
      createdDate: status.createdAt.getTime(),
      credentialData: JSON.stringify({
        totalCodes: status.total,
        remainingCodes: status.remaining,
      }),
    },
  ];
};

/** Passkeys: `webauthn` (second factor) or `webauthn-passwordless`, labelled with their name. */
const passkeyCredentials: CredentialLoader = async (db, personId) =>
  (await passkeysInUse(db, personId)).map((p) => ({
    id: p.id,
    type: p.passwordless ? "webauthn-passwordless" : "webauthn",
    userLabel: p.name,
    createdDate: p.createdAt.getTime(),
  }));

/** Every source of credentials. */
export const CREDENTIAL_LOADERS: CredentialLoader[] = [
  passwordAndFactors,
  passkeyCredentials,
  recoveryCodeSet,
];

/** The containers of every type, with the person's credentials in each. */
export const listCredentials = async (db: Db, personId: string): Promise<CredentialContainer[]> => {
  const all = (await Promise.all(CREDENTIAL_LOADERS.map((load) => load(db, personId)))).flat();
  return CREDENTIAL_TYPES.map((metadata) => ({
    ...metadata,
    userCredentialMetadatas: all
      .filter((c) => c.type === metadata.type)
      .map((credential) => ({ credential })),
  }));
};
