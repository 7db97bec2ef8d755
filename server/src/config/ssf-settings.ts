import { commaList, wholeNumber } from "./rules.js";
import { setting, type Values } from "./setting.js";

/**
 * An http(s) origin (scheme, host, port; no path), as the push delivery compares an
 * endpoint's origin with it.
 */
const originOf = (entry: string): string | undefined => {
  const url = URL.parse(entry);
  const isOrigin = url && /^https?:$/.test(url.protocol) && entry.replace(/\/$/, "") === url.origin;
  return isOrigin ? url.origin : undefined;
};

/** Shared Signals: who may receive pushes, who may manage streams, how often to deliver. */
export const ssfSettings = {
  /**
   * The only origins Shared Signals push streams may post to (SSF_RECEIVER_ORIGINS,
   * comma-separated; none by default: push is then refused, poll still works).
   */
  ssfReceiverOrigins: setting(
    "SSF_RECEIVER_ORIGINS",
    commaList(
      "comma-separated origins like https://app.example.org (scheme, host and port only)",
      "origins",
      originOf,
      { skipEmpty: true },
    ),
    "",
  ),
  /** Client ids whose client-credentials tokens may manage streams (SSF_RECEIVER_CLIENTS). */
  ssfReceiverClients: setting(
    "SSF_RECEIVER_CLIENTS",
    commaList("comma-separated client ids", "client ids", (entry) => entry, { skipEmpty: true }),
    "portal-support",
  ),
  /**
   * How often each process looks for Shared Signals to push besides the round after a
   * request that queued one (retries, other nodes' events; SSF_DELIVERY_POLL_MS, default 1000).
   */
  ssfDeliveryPollMs: setting(
    "SSF_DELIVERY_POLL_MS",
    wholeNumber(50, 3_600_000, "whole milliseconds from 50 to 3600000"),
    "1000",
  ),
};

export type SsfSettings = Values<typeof ssfSettings>;
