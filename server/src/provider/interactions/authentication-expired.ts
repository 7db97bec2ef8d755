import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import type { FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { type IdSealer, idSealer } from "../oidc/drizzle-adapter.js";

/**
 * Remembers, per interaction, where its sign-in came from, after the interaction itself
 * has expired: Keycloak's KC_RESTART cookie plays this part.
 */
export const RESTART_COOKIE = "_interaction_restart";

// Longer than any sign-in: a login page left open overnight still finds its way back.
const RESTART_COOKIE_SECONDS = 24 * 60 * 60;

/** The error Keycloak sends the app when a sign-in's authentication session expired. */
export const AUTHENTICATION_EXPIRED = {
  error: "temporarily_unavailable",
  error_description: "authentication_expired",
} as const;

/** The path of interaction `uid`'s pages (login, second factor, actions). */
export const interactionPath = (mountPath: string, uid: string): string =>
  `${mountPath}/login-actions/${uid}`;

/** What the restart cookie holds: the authorization request's return address. */
export const RestartRecord = Schema.Struct({
  uid: Schema.String,
  clientId: Schema.String,
  redirectUri: Schema.String,
  state: Schema.optionalKey(Schema.String),
  responseMode: Schema.optionalKey(Schema.String),
});
export type RestartRecord = typeof RestartRecord.Type;

/**
 * The restart cookie's sealer (AES-GCM): the browser can neither read the request's state
 * nor forge another return address.
 */
export const restartSealer = (secret: Uint8Array): IdSealer =>
  idSealer(secret, "interaction-restart");

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * Sets the restart cookie whenever the provider starts an interaction for a client with a
 * redirect URI (not for the device flow), on that interaction's path only.
 */
export const rememberForRestart = (provider: Provider, mountPath: string, sealer: IdSealer) => {
  provider.on("interaction.started", (ctx) => {
    const uid = ctx.oidc.entities.Interaction?.uid;
    const params = (ctx.oidc.params ?? {}) as Record<string, unknown>;
    const clientId = text(params.client_id);
    const redirectUri = text(params.redirect_uri);
    if (!uid || !clientId || !redirectUri) return;
    const state = text(params.state);
    const responseMode = text(params.response_mode);
    const record: RestartRecord = {
      uid,
      clientId,
      redirectUri,
      ...(state ? { state } : {}),
      ...(responseMode ? { responseMode } : {}),
    };
    ctx.cookies.set(RESTART_COOKIE, sealer.seal(JSON.stringify(record)), {
      path: interactionPath(mountPath, uid),
      httpOnly: true,
      sameSite: "lax",
      secure: ctx.secure,
      maxAge: RESTART_COOKIE_SECONDS * 1000,
      overwrite: true,
      signed: false,
    });
  });
};

/** Every value of cookie `name` in a Cookie header (a browser may send several). */
const cookieValues = (header: string | undefined, name: string): string[] =>
  (header ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));

const decodeRecord = Schema.decodeUnknownResult(RestartRecord);

const openRecord = (sealer: IdSealer, sealed: string): RestartRecord | undefined => {
  const opened = sealer.open(sealed);
  if (opened === undefined) return undefined;
  try {
    const decoded = decodeRecord(JSON.parse(opened));
    return Result.isSuccess(decoded) ? decoded.success : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Where a request to the pages of an interaction that no longer exists goes, as with
 * Keycloak: back to the app's redirect URI with `error=temporarily_unavailable&
 * error_description=authentication_expired` and the request's state, so keycloak-js
 * starts the login again. Only with this interaction's restart cookie, only to a redirect
 * URI the client has registered, and only in the query or fragment response modes;
 * otherwise undefined (the caller shows its "took too long" page).
 */
export const authenticationExpiredUrl = async (
  provider: Provider,
  sealer: IdSealer,
  request: FastifyRequest,
): Promise<string | undefined> => {
  const uid = (request.params as { uid?: unknown }).uid;
  if (typeof uid !== "string") return undefined;
  const record = cookieValues(request.headers.cookie, RESTART_COOKIE)
    .map((sealed) => openRecord(sealer, sealed))
    .find((candidate) => candidate?.uid === uid);
  if (!record) return undefined;
  const mode = record.responseMode ?? "query";
  if (mode !== "query" && mode !== "fragment") return undefined;
  const client = await provider.Client.find(record.clientId);
  if (!client?.redirectUriAllowed(record.redirectUri)) return undefined;
  const target = URL.parse(record.redirectUri);
  if (!target) return undefined;
  const params = new URLSearchParams(AUTHENTICATION_EXPIRED);
  if (record.state !== undefined) params.set("state", record.state);
  params.set("iss", provider.issuer);
  if (mode === "fragment") target.hash = params.toString();
  else for (const [key, value] of params) target.searchParams.append(key, value);
  return target.href;
};
