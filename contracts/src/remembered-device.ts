import * as Schema from "effect/Schema";

/**
 * A browser the signed-in person asked not to be asked the second factor on for 30 days
 * ("Don't ask again on this device"), as listed by `GET /persons/me/remembered-devices`:
 * browser and system, when it was remembered, last used instead of the second factor,
 * and when it stops (ISO 8601). The password is asked there as always.
 *
 * @example
 * const d: RememberedDevice = {
 *   id: "7f0c…", browser: "Firefox", os: "Linux",
 *   createdAt: "2026-11-01T10:00:00.000Z", lastUsedAt: "2026-11-20T08:00:00.000Z",
 *   expiresAt: "2026-12-01T10:00:00.000Z",
 * };
 */
export const RememberedDevice = Schema.Struct({
  id: Schema.String,
  browser: Schema.String,
  os: Schema.String,
  createdAt: Schema.String,
  lastUsedAt: Schema.String,
  expiresAt: Schema.String,
});
export type RememberedDevice = typeof RememberedDevice.Type;

export const RememberedDevices = Schema.Array(RememberedDevice);
export type RememberedDevices = typeof RememberedDevices.Type;
