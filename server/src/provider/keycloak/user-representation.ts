import type { PersonRow } from "../../db/schema/index.js";
import { PERSON_ID_ATTRIBUTE } from "./session-revoker.js";

/** A password credential as Keycloak's admin API imports it (a hash, never the password). */
export interface KeycloakPasswordCredential {
  readonly type: "password";
  readonly secretData: string;
  readonly credentialData: string;
}

/** The fields of Keycloak's UserRepresentation the portal sets. */
export interface KeycloakUserRepresentation {
  readonly username: string;
  readonly email: string;
  readonly emailVerified: true;
  readonly firstName: string;
  readonly lastName: string;
  readonly enabled: boolean;
  readonly attributes: Readonly<Record<string, ReadonlyArray<string>>>;
  readonly credentials?: ReadonlyArray<KeycloakPasswordCredential>;
}

// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>, salt and hash unpadded standard base64.
const PHC =
  /^\$argon2(id|i|d)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * The portal's argon2 PHC string (security/password-hash.ts) as Keycloak's argon2 password
 * credential (its Argon2PasswordHashProvider): salt and hash as padded base64 of the raw
 * bytes, the parameters as the provider reads them. Version 19 is argon2's 1.3. Proven on
 * Keycloak 26.7.3 (tests/src/keycloak/user-sync.test.ts): the person signs in with the
 * password on Keycloak's page, and Keycloak never sees the password itself.
 */
export const argon2Credential = (phc: string): KeycloakPasswordCredential => {
  const match = PHC.exec(phc);
  if (!match) throw new Error("password hash is not an argon2 PHC string");
  const [, type, version, memory, iterations, parallelism, salt, hash] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const raw = Buffer.from(hash, "base64");
  return {
    type: "password",
    secretData: JSON.stringify({
      value: raw.toString("base64"),
      salt: Buffer.from(salt, "base64").toString("base64"),
      additionalParameters: {},
    }),
    credentialData: JSON.stringify({
      hashIterations: Number(iterations),
      algorithm: "argon2",
      additionalParameters: {
        hashLength: [String(raw.length)],
        memory: [memory],
        type: [type],
        version: [version === "19" ? "1.3" : "1.0"],
        parallelism: [parallelism],
      },
    }),
  };
};

/**
 * Keycloak's user of a person: the address as username and e-mail (the realm signs in
 * with the address, `registrationEmailAsUsername`), verified (only confirmed persons are
 * pushed), the names, disabled while the account is closed, and the attributes the realm's
 * user profile declares for the token's `cr_*` claims.
 */
export const userRepresentation = (person: PersonRow): KeycloakUserRepresentation => ({
  username: person.email,
  email: person.email,
  emailVerified: true,
  firstName: person.givenName,
  lastName: person.surName,
  enabled: person.closedAt === null,
  attributes: {
    [PERSON_ID_ATTRIBUTE]: [person.id],
    member_mapping: person.memberMapping ? [person.memberMapping] : [],
    member_number: person.memberNumber ? [person.memberNumber] : [],
    roles: person.roles,
  },
});
