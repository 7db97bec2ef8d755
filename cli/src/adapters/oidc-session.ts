import { createHash } from "node:crypto";
import type { LoginClaims } from "@portal/contracts";
import {
  type Clock,
  err,
  type IdentitySession,
  ok,
  type Result,
  TOKEN_MIN_VALIDITY_SECONDS,
} from "@portal/core";
import { type CliFailure, failed } from "../failure.js";
import type { DeviceChallenge, GrantError, GrantTokens, OidcGrants } from "./openid-grants.js";
import type { IssuerTokens, StoredToken, TokenStore } from "./token-store.js";

/** A completed sign-in. */
export interface SignedIn {
  readonly issuer: string;
  /** Who signed in: preferred_username, email or sub of the access token. */
  readonly who: string;
  readonly expiresAt: number;
}

/** Decodes the payload of a JWT without verifying it (the server verifies; we only read). */
export const jwtClaims = (token: string): Record<string, unknown> | null => {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * Core's {@link IdentitySession} for the CLI: a staff member's own sign-in (device
 * authorization grant, refreshed when near expiry) or, without one, the
 * `portal-support` client's credentials; tokens kept in a {@link TokenStore}.
 */
export class OidcSession implements IdentitySession {
  private current: StoredToken | null = null;

  constructor(
    private readonly issuer: string,
    private readonly clientId: string,
    private readonly clientSecret: string | null,
    private readonly grants: OidcGrants,
    private readonly store: TokenStore,
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private fingerprint(secret: string): string {
    return createHash("sha256").update(`${this.clientId}:${secret}`).digest("base64url");
  }

  private stored(grant: StoredToken["grant"], answer: GrantTokens): StoredToken {
    const exp = jwtClaims(answer.accessToken)?.exp;
    const expiresAt =
      answer.expiresIn !== null
        ? this.now() + answer.expiresIn
        : typeof exp === "number"
          ? exp
          : this.now();
    return {
      grant,
      clientId: this.clientId,
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
      expiresAt,
      ...(grant === "client_credentials" && this.clientSecret !== null
        ? { secretFingerprint: this.fingerprint(this.clientSecret) }
        : {}),
    };
  }

  private refused(error: GrantError): CliFailure {
    return error._tag === "Unreachable"
      ? failed("error.identityUnreachable", { issuer: this.issuer, reason: error.reason })
      : failed("error.identityRefused", { issuer: this.issuer, reason: error.reason });
  }

  private valid(token: StoredToken, minValidity: number): boolean {
    return token.clientId === this.clientId && token.expiresAt - this.now() >= minValidity;
  }

  isAuthenticated(): boolean {
    return this.current !== null;
  }

  claims(): LoginClaims | null {
    return this.current ? (jwtClaims(this.current.accessToken) as LoginClaims | null) : null;
  }

  /** A bearer token valid for `minValidity` seconds, or why there is none. */
  async bearer(minValidity = TOKEN_MIN_VALIDITY_SECONDS): Promise<Result<string, CliFailure>> {
    const tokens: IssuerTokens = await this.store.read(this.issuer);
    const { login, client } = tokens;
    if (login && login.clientId === this.clientId) {
      if (this.valid(login, minValidity)) return this.use(login);
      if (login.refreshToken) {
        const refreshed = await this.grants.refresh(login.refreshToken);
        if (refreshed.ok) {
          const next = this.stored("device_code", refreshed.value);
          await this.store.write(this.issuer, { ...tokens, login: next });
          return this.use(next);
        }
        // Spec: a refresh failure with status 400 (invalid_grant: expired, revoked or
        // reused) clears the token; anything else (provider down, a wrong client
        // secret) keeps the sign-in for the next try.
        const error = refreshed.error;
        if (error._tag === "Unreachable" || error.status !== 400) return err(this.refused(error));
      }
      await this.store.write(this.issuer, { ...(client ? { client } : {}) });
      return err(failed("error.sessionExpired", { issuer: this.issuer }));
    }
    if (this.clientSecret === null)
      return err(failed("error.notSignedIn", { issuer: this.issuer }));
    const sameSecret = client?.secretFingerprint === this.fingerprint(this.clientSecret);
    if (client && sameSecret && this.valid(client, minValidity)) return this.use(client);
    const granted = await this.grants.clientCredentials();
    if (!granted.ok) return err(this.refused(granted.error));
    const next = this.stored("client_credentials", granted.value);
    await this.store.write(this.issuer, { ...(login ? { login } : {}), client: next });
    return this.use(next);
  }

  private use(token: StoredToken): Result<string, CliFailure> {
    this.current = token;
    return ok(token.accessToken);
  }

  async token(minValiditySeconds = TOKEN_MIN_VALIDITY_SECONDS): Promise<string | null> {
    const result = await this.bearer(minValiditySeconds);
    return result.ok ? result.value : null;
  }

  /**
   * The device authorization grant: `show` tells the user where to go and which
   * code to enter; then the provider is polled until the sign-in completes.
   */
  async signIn(show: (challenge: DeviceChallenge) => void): Promise<Result<SignedIn, CliFailure>> {
    const started = await this.grants.startDevice();
    if (!started.ok) return err(this.refused(started.error));
    show(started.value);
    const polled = await this.grants.pollDevice(started.value);
    if (!polled.ok) return err(this.refused(polled.error));
    const login = this.stored("device_code", polled.value);
    const { client } = await this.store.read(this.issuer);
    await this.store.write(this.issuer, { login, ...(client ? { client } : {}) });
    this.current = login;
    const claims = jwtClaims(login.accessToken) ?? {};
    const who = [claims.preferred_username, claims.email, claims.sub].find(
      (value): value is string => typeof value === "string" && value !== "",
    );
    return ok({ issuer: this.issuer, who: who ?? this.clientId, expiresAt: login.expiresAt });
  }

  /** Revokes the refresh tokens it can and removes every stored token of the issuer. */
  async signOut(): Promise<boolean> {
    const { login, client } = await this.store.read(this.issuer);
    // Best effort: the local copy goes away even when the provider is not reachable.
    for (const token of [login?.refreshToken, client?.accessToken])
      if (token) await this.grants.revoke(token);
    this.current = null;
    return this.store.remove(this.issuer);
  }

  async login(): Promise<void> {
    const result = await this.signIn(() => {});
    if (!result.ok) throw new Error(result.error._tag);
  }

  async logout(): Promise<void> {
    await this.signOut();
  }
}
