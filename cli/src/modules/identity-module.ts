/**
 * Container module of the sign-in: openid-client's grants, the token file and the OIDC
 * session over them (core's IdentitySession port).
 */
import { ContainerModule } from "inversify";
import { OidcSession } from "../adapters/oidc-session.js";
import { OpenIdGrants } from "../adapters/openid-grants.js";
import { FileTokenStore, type TokenStore } from "../adapters/token-store.js";
import { TOKENS } from "../tokens.js";

export interface IdentityParts {
  /** Where tokens are kept; default: the settings' token file. */
  readonly tokenStore?: TokenStore | undefined;
}

export const identityModule = ({ tokenStore }: IdentityParts = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    if (tokenStore) bind(TOKENS.tokenStore).toConstantValue(tokenStore);
    else
      bind(TOKENS.tokenStore).toResolvedValue(
        (settings) => new FileTokenStore(settings.tokenFile),
        [TOKENS.settings],
      );
    bind(TOKENS.oidcGrants).toResolvedValue(
      (settings) => new OpenIdGrants(settings),
      [TOKENS.settings],
    );
    bind(TOKENS.identitySession).toResolvedValue(
      (s, grants, store, clock) =>
        new OidcSession(s.issuer, s.clientId, s.clientSecret, grants, store, clock),
      [TOKENS.settings, TOKENS.oidcGrants, TOKENS.tokenStore, TOKENS.clock],
    );
  });
