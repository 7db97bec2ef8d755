import { API_ROUTES, type OneClickLinkKind } from "@portal/contracts";
import { secureAccountLinkStatus } from "../activity/secure-account-link.js";
import type { Executor } from "../db/client.js";
import type { MailTokenKind } from "../db/schema/index.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { enforceLimits } from "./abuse-limits.js";
import { type LinkStatus, tokenStatus } from "./mail-tokens.js";

/** The token kind behind each one-click link (the secure link is keyed apart). */
const KINDS: Readonly<Record<Exclude<OneClickLinkKind, "secureAccount">, MailTokenKind>> = {
  cancelMailChange: "EMAIL_CHANGE_CANCEL",
  revertMail: "EMAIL_REVERT",
  restoreAccount: "ACCOUNT_RESTORE",
};

const statusOfLink = (
  db: Executor,
  link: OneClickLinkKind,
  token: string,
  now: Date,
): Promise<LinkStatus> =>
  link === "secureAccount"
    ? secureAccountLinkStatus(db, token, now)
    : tokenStatus(db, [KINDS[link]], token, now);

/**
 * `POST /persons/check-one-click-link`: the page behind a mailed one-click link asks on
 * opening whether the link still works, and shows its button only then. Mail gateways
 * open links by themselves, so this only reads: the link stays usable. The answer names
 * nothing but valid, used or invalid (no account, no address).
 */
export const oneClickLinkCheckPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(app, deps, API_ROUTES.checkOneClickLink, async ({ body: { link, token }, request }) => {
    await enforceLimits(deps.limiter, request, "one-click-check");
    return { status: await statusOfLink(deps.database.db, link, token, deps.clock.now()) };
  });
};
