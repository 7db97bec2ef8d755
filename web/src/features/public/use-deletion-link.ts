import type { DeletionTokenCheck } from "@portal/contracts";
import { isFakeSuccess, ok } from "@portal/core";
import { useServices } from "../../app/services-context.js";
import { useLoad } from "../../app/use-load.js";

/**
 * What opening a deletion link found out, before anything is deleted: `checking`; `live`
 * with the account it deletes (its address masked; null when the check itself failed or
 * for the spec's fake-success token, which needs no call); `invalid` (used, expired,
 * unknown: the server says no more).
 */
export type DeletionLink =
  | { readonly state: "checking" }
  | {
      readonly state: "live";
      readonly maskedEmail: string | null;
      /** Days the account stays closed before its erasure (DELETION_GRACE_DAYS); 0: at once. */
      readonly graceDays: number;
    }
  | { readonly state: "invalid" };

/**
 * Asks, when the page opens, whether the link still works and whose account it deletes,
 * without using it: mail gateways open links by themselves, so only the person's own
 * click deletes. A check that fails (offline, too many) leaves the question to the click,
 * whose answer then tells.
 *
 * @example
 * const link = useDeletionLink(token); // { state: "live", maskedEmail: "ma•••@example.com" }
 */
export function useDeletionLink(token: string): DeletionLink {
  const { api } = useServices();
  // The spec's fake-success token needs no call; it still answers after the first render,
  // like a real check, so the page hydrates the server's "checking" frame unchanged.
  const { load } = useLoad<DeletionTokenCheck>(token, (signal) =>
    isFakeSuccess("confirmAccountDeletion", token)
      ? Promise.resolve(ok({ valid: true }))
      : api.checkDeletionToken({ optOutToken: token }, { signal }),
  );
  if (load.state === "loaded" && !load.value.valid) return { state: "invalid" };
  if (load.state === "loaded")
    return {
      state: "live",
      maskedEmail: load.value.maskedEmail || null,
      graceDays: load.value.graceDays ?? 0,
    };
  return load.state === "failed"
    ? { state: "live", maskedEmail: null, graceDays: 0 }
    : { state: "checking" };
}
