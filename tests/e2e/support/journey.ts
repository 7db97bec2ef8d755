import { registerConfirmedAccount } from "../../src/support/accounts-api.js";
import type { Outbox } from "../../src/support/outbox.js";
import type { Portal } from "../../src/support/portal-server.js";
import { type TestAccount, uniqueAccount } from "./accounts.js";

/**
 * A confirmed account made through the API (the registration journey itself is proven in
 * register.spec.ts), for journeys whose subject comes after registration.
 */
export const confirmedAccount = async (
  portal: Portal,
  outbox: Outbox,
  label: string,
): Promise<TestAccount> => {
  const account = uniqueAccount(label);
  await registerConfirmedAccount(portal.url, outbox, account);
  return account;
};
