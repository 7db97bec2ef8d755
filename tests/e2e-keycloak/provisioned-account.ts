import { createKeycloakAdmin } from "../../server/src/provider/keycloak/admin-client.js";
import { type TestAccount, uniqueAccount } from "../e2e/support/accounts.js";
import { registerConfirmedAccount } from "../src/support/accounts-api.js";
import type { Outbox } from "../src/support/outbox.js";
import { poll } from "../src/support/poll.js";
import { ISSUER_ENV, SECRET_ENV } from "./global-setup.js";

/**
 * A person registered and confirmed through the portal's API, once the portal's user sync
 * has put them into Keycloak (it pushes right after the confirmation's answer; a sign-in
 * sent before that would be refused).
 */
export const provisionedAccount = async (
  portalUrl: string,
  outbox: Outbox,
  label: string,
): Promise<TestAccount> => {
  const account = uniqueAccount(label);
  await registerConfirmedAccount(portalUrl, outbox, account);
  const admin = createKeycloakAdmin({
    issuer: process.env[ISSUER_ENV] ?? "",
    clientId: "portal-support",
    clientSecret: process.env[SECRET_ENV] ?? "",
  });
  await poll(
    `${account.email} in Keycloak`,
    async () => {
      const users = await admin.get<unknown[]>(
        `/users?${new URLSearchParams({ email: account.email, exact: "true" })}`,
      );
      return users.length === 1 ? true : undefined;
    },
    10_000,
    100,
  );
  return account;
};
