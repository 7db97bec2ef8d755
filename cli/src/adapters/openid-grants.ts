import { err, ok, type Result } from "@portal/core";
import type * as OpenIdClient from "openid-client";

type Client = typeof OpenIdClient;
// Loaded on first use: most commands never talk to the identity provider.
const loadClient = (): Promise<Client> => import("openid-client");

/** Tokens as a grant answers them. */
export interface GrantTokens {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  /** Lifetime of the access token in seconds, when the provider says it. */
  readonly expiresIn: number | null;
}

/** What the provider asks the user to do in the device authorization grant. */
export interface DeviceChallenge {
  readonly verificationUri: string;
  readonly verificationUriComplete: string | null;
  readonly userCode: string;
  readonly expiresIn: number;
  /** The provider's answer, handed back to {@link OidcGrants.pollDevice}. */
  readonly handle: unknown;
}

/** Why a grant gave no tokens. */
export type GrantError =
  | { readonly _tag: "Refused"; readonly status: number; readonly reason: string }
  | { readonly _tag: "Unreachable"; readonly reason: string };

type GrantResult<T> = Promise<Result<T, GrantError>>;

/** The OAuth grants the CLI uses, against one issuer and client. */
export interface OidcGrants {
  clientCredentials(): GrantResult<GrantTokens>;
  refresh(refreshToken: string): GrantResult<GrantTokens>;
  startDevice(): GrantResult<DeviceChallenge>;
  pollDevice(challenge: DeviceChallenge): GrantResult<GrantTokens>;
  revoke(token: string): GrantResult<void>;
}

/** Where and as whom the CLI talks to the identity provider. */
export interface OidcClientSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
}

const grantError = (client: Client, error: unknown): GrantError => {
  if (error instanceof client.ResponseBodyError)
    return {
      _tag: "Refused",
      status: error.status,
      reason: error.error_description ? `${error.error} (${error.error_description})` : error.error,
    };
  // A 401 with WWW-Authenticate (a wrong client secret): its error parameter says why.
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters ?? {};
    const reason = parameters.error
      ? `${parameters.error}${parameters.error_description ? ` (${parameters.error_description})` : ""}`
      : error.message;
    return { _tag: "Refused", status: error.status, reason };
  }
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : null;
  // fetch itself failed: connection refused, unknown host, ...
  if (error instanceof TypeError && cause && typeof cause.message === "string")
    return { _tag: "Unreachable", reason: cause.message };
  return {
    _tag: "Refused",
    status: 0,
    reason: error instanceof Error ? error.message : String(error),
  };
};

const tokens = (response: OpenIdClient.TokenEndpointResponse): GrantTokens => ({
  accessToken: response.access_token,
  refreshToken: response.refresh_token ?? null,
  expiresIn: typeof response.expires_in === "number" ? response.expires_in : null,
});

/**
 * {@link OidcGrants} with openid-client: discovery of the issuer (once), client
 * credentials, refresh, the device authorization grant and revocation. The
 * client authenticates with its secret (HTTP Basic) when there is one, else as a public client.
 */
export class OpenIdGrants implements OidcGrants {
  private configuration: Promise<OpenIdClient.Configuration> | null = null;

  constructor(private readonly settings: OidcClientSettings) {}

  private config(client: Client): Promise<OpenIdClient.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const url = new URL(issuer);
      this.configuration = client.discovery(
        url,
        clientId,
        undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        // Plain http is fine for a portal on this machine; production issuers use https.
        url.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      // A failed discovery may succeed on the next call (server started meanwhile).
      this.configuration.catch(() => {
        this.configuration = null;
      });
    }
    return this.configuration;
  }

  private async attempt<T>(
    run: (client: Client, config: OpenIdClient.Configuration) => Promise<T>,
  ): GrantResult<T> {
    const client = await loadClient();
    try {
      return ok(await run(client, await this.config(client)));
    } catch (error) {
      return err(grantError(client, error));
    }
  }

  clientCredentials() {
    return this.attempt(async (client, config) =>
      tokens(await client.clientCredentialsGrant(config)),
    );
  }

  refresh(refreshToken: string) {
    return this.attempt(async (client, config) =>
      tokens(await client.refreshTokenGrant(config, refreshToken)),
    );
  }

  startDevice() {
    return this.attempt(async (client, config): Promise<DeviceChallenge> => {
      const answer = await client.initiateDeviceAuthorization(config, { scope: "openid" });
      return {
        verificationUri: answer.verification_uri,
        verificationUriComplete: answer.verification_uri_complete ?? null,
        userCode: answer.user_code,
        expiresIn: answer.expires_in,
        handle: answer,
      };
    });
  }

  pollDevice(challenge: DeviceChallenge) {
    return this.attempt(async (client, config) =>
      tokens(
        await client.pollDeviceAuthorizationGrant(
          config,
          challenge.handle as OpenIdClient.DeviceAuthorizationResponse,
        ),
      ),
    );
  }

  revoke(token: string) {
    return this.attempt(async (client, config) => {
      // Not every provider offers revocation; then removing the local copy is all we can do.
      if (config.serverMetadata().revocation_endpoint) await client.tokenRevocation(config, token);
    });
  }
}
