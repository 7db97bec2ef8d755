import type Provider from "oidc-provider";
import { wrapRefreshToken } from "./refresh-token-jwt.js";

/**
 * Hands out refresh tokens as JWTs (keycloak-js decodes them): a post-middleware on the
 * token endpoint replaces the provider's refresh token value with its JWT form.
 */
export const wrapIssuedRefreshTokens = (provider: Provider, secret: Uint8Array): void => {
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (
      ctx.oidc?.route !== "token" ||
      ctx.status !== 200 ||
      typeof body?.refresh_token !== "string"
    ) {
      return;
    }
    const token = ctx.oidc.entities.RefreshToken;
    const now = Math.floor(Date.now() / 1000);
    body.refresh_token = await wrapRefreshToken(secret, provider.issuer, {
      jti: body.refresh_token,
      accountId: token?.accountId,
      clientId: token?.clientId,
      sid: token?.sid,
      scope: token?.scope,
      iat: token?.iat ?? now,
      exp: token?.exp ?? now + (token?.expiration ?? 0),
    });
  });
};
