import { isFakeSuccess } from "@portal/core";
import { useEffect, useState } from "react";
import { useServices } from "../../app/services-context.js";

/**
 * What opening a deletion link found out, before anything is deleted: `checking`; `live`
 * with the account it deletes (its address masked; null when the check itself failed or
 * for the spec's fake-success token, which needs no call); `invalid` (used, expired,
 * unknown: the server says no more).
 */
export type DeletionLink =
  | { readonly state: "checking" }
  | { readonly state: "live"; readonly maskedEmail: string | null }
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
  const [link, setLink] = useState<DeletionLink>({ state: "checking" });
  useEffect(() => {
    let current = true;
    if (isFakeSuccess("confirmAccountDeletion", token)) {
      setLink({ state: "live", maskedEmail: null });
      return;
    }
    setLink({ state: "checking" });
    void api.checkDeletionToken({ optOutToken: token }).then((r) => {
      if (!current) return;
      if (r.ok && !r.value.valid) setLink({ state: "invalid" });
      else setLink({ state: "live", maskedEmail: (r.ok && r.value.maskedEmail) || null });
    });
    return () => {
      current = false;
    };
  }, [api, token]);
  return link;
}
