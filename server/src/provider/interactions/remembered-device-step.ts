/**
 * The sign-in's side of remembered devices
 * (../../credentials/remembered-devices/remembered-devices.ts): the cookie that carries the random
 * value, set when the second factor passed with "Don't ask again on this device" ticked, and read
 * after the right password to skip the second factor.
 *
 * One cookie per person (its name ends in a keyed hash of the person's id, as Keycloak's
 * trusted-device proposal does), so two people sharing a browser keep their own. HttpOnly,
 * SameSite=Lax, Secure on https, path the provider's, 30 days. A value whose row is
 * gone (revoked, expired) is cleared when it is next presented.
 */

import {
  isRememberToken,
  REMEMBER_DEVICE_SECONDS,
  rememberDevice,
  useRememberedDevice,
} from "../../credentials/index.js";
import { keyedHash } from "../../security/keyed-hash.js";
import { type Flow, field } from "./flow.js";

/** The name of the form field the checkbox posts (value "true" when ticked). */
export const REMEMBER_DEVICE_FIELD = "rememberDevice";

/** The cookie of `personId`'s remembered device. */
export const rememberedDeviceCookie = (personId: string): string =>
  `PORTAL_REMEMBERED_DEVICE_${keyedHash("remembered-device-cookie", personId).slice(0, 16)}`;

const setCookie = (flow: Flow, name: string, value: string, maxAge: number): void => {
  const secure = flow.request.protocol === "https" ? "; Secure" : "";
  flow.reply.header(
    "set-cookie",
    `${name}=${value}; Path=${flow.deps.mountPath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
};

/** The value of cookie `name` in the request, when it holds exactly one well-formed one. */
const cookieValue = (flow: Flow, name: string): string | undefined => {
  const values = (flow.request.headers.cookie ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
  return values.length === 1 && values[0] !== undefined ? values[0] : undefined;
};

/**
 * After the second factor of `personId` passed: when the person ticked the box, the
 * browser is remembered and gets its cookie on this answer.
 */
export const rememberIfAsked = async (flow: Flow, personId: string): Promise<void> => {
  if (field(flow, REMEMBER_DEVICE_FIELD) !== "true") return;
  const { token } = await rememberDevice(
    flow.deps.db,
    personId,
    flow.request.headers["user-agent"],
    flow.deps.clock.now(),
  );
  setCookie(flow, rememberedDeviceCookie(personId), token, REMEMBER_DEVICE_SECONDS);
};

/**
 * After the right password of `personId`: true when this browser is one of their live
 * remembered devices (the second factor is then not asked). A cookie whose device was
 * revoked or has expired is cleared.
 */
export const passedByRememberedDevice = async (flow: Flow, personId: string): Promise<boolean> => {
  const name = rememberedDeviceCookie(personId);
  const token = cookieValue(flow, name);
  if (token === undefined) return false;
  const ok =
    isRememberToken(token) &&
    (await useRememberedDevice(
      flow.deps.db,
      personId,
      token,
      flow.request.headers["user-agent"],
      flow.deps.clock.now(),
    ));
  if (!ok) setCookie(flow, name, "", 0);
  return ok;
};
