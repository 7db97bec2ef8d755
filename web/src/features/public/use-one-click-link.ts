import type { OneClickLinkCheck, OneClickLinkKind } from "@portal/contracts";
import { ok } from "@portal/core";
import { useServices } from "../../app/services-context.js";
import { useLoad } from "../../app/use-load.js";

/**
 * What opening a one-click link found out, before the click: `checking`, then `valid`
 * (the button), `used` (it did its work already) or `invalid` (unknown, expired, cut
 * short). A check that fails (offline, too many) leaves the question to the click.
 */
export type OneClickLinkState = "checking" | OneClickLinkCheck["status"];

/**
 * Asks, when the page opens, whether the link still works, without using it: mail
 * gateways open links by themselves, so only the person's own click acts. Every first
 * render says `checking`, whatever the address: the prerendered frame knows no query, so
 * a page that read its token first would differ from it (React's #418). A link without a
 * token needs no call; it still answers after the first render, like a real check.
 * `recheck` asks again (after a click the server refused, to say why).
 *
 * @example
 * const { state } = useOneClickLink("secureAccount", token); // "used"
 */
export function useOneClickLink(
  link: OneClickLinkKind,
  token: string,
): { readonly state: OneClickLinkState; readonly recheck: () => void } {
  const { api } = useServices();
  const { load, reload } = useLoad<OneClickLinkCheck>(token, (signal) =>
    token === ""
      ? Promise.resolve(ok({ status: "invalid" }))
      : api.checkOneClickLink({ link, token }, { signal }),
  );
  if (load.state === "loaded") return { state: load.value.status, recheck: reload };
  return { state: load.state === "failed" ? "valid" : "checking", recheck: reload };
}
