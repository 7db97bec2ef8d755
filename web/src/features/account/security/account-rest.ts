/**
 * The calls of Keycloak's account REST API the security page makes (the devices and their
 * sessions, signing sessions out), with the app's access token; the embedded provider
 * answers them at the same paths, so the page works against either.
 */
import type {
  AccountDevice as AccountDeviceShape,
  AccountSession as AccountSessionShape,
  WebRuntimeConfig,
} from "@portal/contracts";
import type { IdentitySession } from "@portal/core";

/** The part of a session (contracts' `AccountSession`) the security page shows. */
export type AccountSession = Pick<
  AccountSessionShape,
  "id" | "ipAddress" | "started" | "lastAccess" | "browser" | "current"
>;

/** The part of a device (contracts' `AccountDevice`) the security page shows. */
export type AccountDevice = Pick<
  AccountDeviceShape,
  "id" | "os" | "osVersion" | "device" | "mobile"
> & {
  readonly sessions: readonly AccountSession[];
};

/** Outcome of one call: done, or failed with the HTTP status (0 when nothing came back). */
export type AccountResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number };

/** The account REST client of one realm. */
export interface AccountRest {
  devices(signal?: AbortSignal): Promise<AccountResult<AccountDevice[]>>;
  /** Signs out one session (Keycloak: `DELETE /account/sessions/{id}`). */
  signOut(sessionId: string): Promise<AccountResult<void>>;
  /** Signs out every session but the caller's own (`DELETE /account/sessions`). */
  signOutOthers(): Promise<AccountResult<void>>;
  /**
   * The id of the remembered browser that is asking (the embedded provider's own
   * `GET /account/remembered-device`, which reads the provider's cookie); null when this
   * browser is none, or where the call is unknown (Keycloak: 404).
   */
  rememberedDevice(signal?: AbortSignal): Promise<string | null>;
}

/**
 * @example
 * const rest = accountRest(config.identity, identity);
 * const devices = await rest.devices();
 */
export const accountRest = (
  where: Pick<WebRuntimeConfig["identity"], "url" | "realm">,
  identity: Pick<IdentitySession, "token">,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): AccountRest => {
  const base = `${where.url.replace(/\/$/, "")}/realms/${encodeURIComponent(where.realm)}/account`;
  const call = async <T>(
    path: string,
    init: RequestInit,
    read: (res: Response) => Promise<T>,
  ): Promise<AccountResult<T>> => {
    try {
      const token = await identity.token();
      if (token === null) return { ok: false, status: 401 };
      const res = await fetchFn(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (!res.ok) return { ok: false, status: res.status };
      return { ok: true, value: await read(res) };
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      return { ok: false, status: 0 };
    }
  };
  return {
    devices: (signal) =>
      call(
        "/sessions/devices",
        signal ? { signal } : {},
        async (res) => (await res.json()) as AccountDevice[],
      ),
    signOut: (id) =>
      call(`/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }, async () => undefined),
    signOutOthers: () => call("/sessions", { method: "DELETE" }, async () => undefined),
    rememberedDevice: async (signal) => {
      const result = await call(
        "/remembered-device",
        signal ? { signal } : {},
        async (res) => ((await res.json()) as { id?: unknown }).id,
      );
      return result.ok && typeof result.value === "string" ? result.value : null;
    },
  };
};
