import { API_ROUTES, apiPath, type IssuedMembership } from "@portal/contracts";
import { SUPPORT_CLIENT_ID } from "@portal/core";
import type { Portal } from "./portal-server.js";

/** Client id of the support staff's confidential client (issue 4): core's. */
export { SUPPORT_CLIENT_ID };

/** A token of the `portal-support` client (client credentials grant). */
export const supportToken = async (portal: Portal): Promise<string> => {
  const res = await fetch(`${portal.url}/realms/portal/protocol/openid-connect/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${SUPPORT_CLIENT_ID}:${portal.supportSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  if (!res.ok) throw new Error(`client credentials: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
};

/**
 * Issues membership credentials for `memberNumber` through the support endpoint, as a local
 * office would hand them out (`POST /support/memberships`).
 */
export const issueMembership = async (
  portal: Portal,
  memberNumber: string,
): Promise<IssuedMembership> => {
  const res = await fetch(portal.url + apiPath(API_ROUTES.supportIssueMembership), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${await supportToken(portal)}`,
    },
    body: JSON.stringify({ memberNumber }),
  });
  if (res.status !== API_ROUTES.supportIssueMembership.status) {
    throw new Error(`issue membership ${memberNumber}: ${res.status} ${await res.text()}`);
  }
  return (await res.json()) as IssuedMembership;
};
