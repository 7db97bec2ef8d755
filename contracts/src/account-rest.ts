/**
 * The shapes of Keycloak's account REST API the security page reads
 * (`GET {realm}/account/sessions/devices`; times in seconds since the epoch). The embedded
 * provider answers in them and the web app reads them, so a real Keycloak and the embedded
 * provider stay interchangeable.
 */

/** Keycloak's `ClientRepresentation`, as much of it as a session lists. */
export interface AccountSessionClient {
  readonly clientId: string;
  readonly clientName: string;
  readonly userConsentRequired: boolean;
  readonly inUse: boolean;
  readonly offlineAccess: boolean;
}

/** Keycloak's `SessionRepresentation`. */
export interface AccountSession {
  readonly id: string;
  readonly ipAddress: string;
  readonly started: number;
  readonly lastAccess: number;
  readonly expires: number;
  readonly clients: readonly AccountSessionClient[];
  readonly browser: string;
  readonly current: boolean;
}

/** Keycloak's `DeviceRepresentation`: one system and browser, and its sessions. */
export interface AccountDevice {
  readonly id: string;
  readonly ipAddress: string;
  readonly os: string;
  readonly osVersion: string;
  readonly browser: string;
  readonly device: string;
  readonly lastAccess: number;
  readonly current: boolean;
  readonly mobile: boolean;
  readonly sessions: readonly AccountSession[];
}
