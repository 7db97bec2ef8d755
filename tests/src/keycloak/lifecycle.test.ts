import { API_ROUTES } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personRows } from "../../../server/src/test-support/person-rows.js";
import { freshAccount, registerAccount } from "../support/accounts-api.js";
import { poll } from "../support/poll.js";
import {
  call,
  type KeycloakPortal,
  keycloakUserByEmail,
  keycloakUserOf,
  mailedToken,
  passwordCreatedAt,
  refreshAtKeycloak,
  signInOnKeycloak,
  startKeycloakPortal,
  supportTokenFromKeycloak,
  type Tokens,
} from "./keycloak-portal.js";

// Issue 47 item 5, "the same lifecycle at the API level without a browser": a portal in
// Keycloak mode (this process, PGlite) against the real Keycloak, every change made through
// the portal's API and then looked for in Keycloak: its admin API (the user, its address,
// attributes, enabled), its login page (which password signs in) and its token endpoint
// (refresh, the claims). The user sync is nudged by each answer; a check polls until
// Keycloak agrees or 10 s have passed.

const UNTIL = 10_000;
/** A step: sign-ins on Keycloak's page (argon2 there), the portal's argon2, polls. */
const STEP = 60_000;
const agrees = <T>(what: string, probe: () => Promise<T | undefined>) =>
  poll(`Keycloak: ${what}`, probe, UNTIL, 100);
const signsIn = async (email: string, password: string) =>
  (await signInOnKeycloak(email, password)) !== undefined;
/**
 * Until Keycloak holds a password set after `since` (its admin API: failed sign-ins while
 * the push is on its way would count against the brute-force guard), then: it takes
 * `password` and refuses `refused`.
 */
const passwordIs = async (
  person: { email: string; personId: string },
  since: number,
  password: string,
  refused: string,
) => {
  await agrees(`${person.email}'s new password`, async () =>
    ((await passwordCreatedAt(person.personId)) ?? 0) >= since ? true : undefined,
  );
  expect(await signsIn(person.email, password)).toBe(true);
  expect(await signsIn(person.email, refused)).toBe(false);
};

/**
 * The reset link's token from the mail, a new password set with it, and Keycloak taking
 * only the new one; `person.password` is the new one afterwards.
 */
const resetByMail = async (
  person: { email: string; personId: string; password: string },
  next: string,
) => {
  const token = await mailedToken(plain.outbox, person.email, "passwordReset");
  const since = Date.now();
  const reset = await call(plain, API_ROUTES.resetPassword, {
    body: { passwordResetToken: token, newPassword: next },
  });
  expect(reset.status).toBe(204);
  await passwordIs(person, since, next, person.password);
  person.password = next;
};

let plain: KeycloakPortal;
let graced: KeycloakPortal;
beforeAll(async () => {
  // Deletion without a grace period erases at once; with one (30 days) it closes first.
  plain = await startKeycloakPortal({ deletionGraceDays: 0 });
  graced = await startKeycloakPortal({ deletionGraceDays: 30 });
}, 120_000);
afterAll(async () => {
  await plain?.close();
  await graced?.close();
});

/** A person registered and confirmed in `portal`, once Keycloak has the user. */
const confirmedPerson = async (portal: KeycloakPortal, label: string) => {
  const account = freshAccount(label);
  await registerAccount(portal.url, account);
  const optIn = await mailedToken(portal.outbox, account.email, "optIn");
  const confirmed = await call(portal, API_ROUTES.confirmMailAddress, {
    body: { confirmationToken: optIn },
  });
  expect(confirmed.status).toBe(204);
  const user = await agrees(`${account.email} created`, () => keycloakUserByEmail(account.email));
  const personId = user.attributes?.cr_id?.[0] ?? "";
  return { ...account, personId };
};

/** A fresh sign-in on Keycloak's page (the sensitive changes want one within 5 minutes). */
const signedIn = async (email: string, password: string): Promise<Tokens> => {
  const tokens = await signInOnKeycloak(email, password);
  if (!tokens) throw new Error(`${email} was refused on Keycloak's page`);
  return tokens;
};

describe("one person's life through the portal, as Keycloak sees it", { timeout: STEP }, () => {
  const person = { email: "", password: "", personId: "" };
  let session: Tokens;

  it("registration: no user before the confirmation, then one that signs in with the registration's password", async () => {
    const account = freshAccount("kc-life");
    await registerAccount(plain.url, account);
    expect(await keycloakUserByEmail(account.email)).toBeUndefined();
    const optIn = await mailedToken(plain.outbox, account.email, "optIn");
    expect(
      (await call(plain, API_ROUTES.confirmMailAddress, { body: { confirmationToken: optIn } }))
        .status,
    ).toBe(204);
    const user = await agrees("the confirmed person's user", () =>
      keycloakUserByEmail(account.email),
    );
    expect(user).toMatchObject({ username: account.email, email: account.email, enabled: true });
    Object.assign(person, account, { personId: user.attributes?.cr_id?.[0] ?? "" });
    expect(person.personId).not.toBe("");

    // Keycloak's own login page: authorize, form, code, token with PKCE.
    session = await signedIn(person.email, person.password);
    expect(session.claims).toMatchObject({ cr_id: person.personId, email: person.email });
    expect(typeof session.claims.auth_time).toBe("number");
    // The portal takes Keycloak's token.
    const me = await call(plain, API_ROUTES.getMe, { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(person.email);
  });

  it("refresh: a new access token; the used refresh token is refused (rotation)", async () => {
    const refreshed = await refreshAtKeycloak(session.refreshToken);
    expect(refreshed?.claims.cr_id).toBe(person.personId);
    expect(await refreshAtKeycloak(session.refreshToken)).toBeUndefined();
    session = await signedIn(person.email, person.password);
  });

  it("password change: Keycloak takes the new password only; the other session ends, this one stays", async () => {
    const other = await signedIn(person.email, person.password);
    const next = `${person.password}Nx`;
    const since = Date.now();
    const changed = await call(plain, API_ROUTES.changePassword, {
      token: session.accessToken,
      body: { oldPassword: person.password, newPassword: next },
    });
    expect(changed.status).toBe(204);
    await passwordIs(person, since, next, person.password);
    expect(await refreshAtKeycloak(other.refreshToken)).toBeUndefined();
    const kept = await refreshAtKeycloak(session.refreshToken);
    expect(kept).toBeDefined();
    person.password = next;
  });

  it("password reset by mail: Keycloak takes the new password only, every session ended", async () => {
    session = await signedIn(person.email, person.password);
    expect(
      (
        await call(plain, API_ROUTES.requestPasswordResetMail, {
          body: { email: person.email },
        })
      ).status,
    ).toBe(202);
    await resetByMail(person, `${person.password}Rs`);
    expect(await refreshAtKeycloak(session.refreshToken)).toBeUndefined();
  });

  it("e-mail change: cancelled, Keycloak keeps the address; confirmed, it signs in with the new one; reverted, with the old one again", async () => {
    const oldEmail = person.email;
    const newEmail = `moved-${oldEmail}`;
    const ask = async () => {
      const tokens = await signedIn(person.email, person.password);
      const asked = await call(plain, API_ROUTES.changeMailAddress, {
        token: tokens.accessToken,
        body: { newEmail },
      });
      expect(asked.status).toBe(200);
    };
    await ask();
    // The alert to the current address carries the one-click cancel.
    const cancel = await mailedToken(plain.outbox, oldEmail, "cancelEmailChange");
    const confirmFirst = await mailedToken(plain.outbox, newEmail, "emailChange");
    expect(
      (
        await call(plain, API_ROUTES.cancelMailAddressChangeByToken, {
          body: { cancelToken: cancel },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call(plain, API_ROUTES.confirmMailAddress, {
          body: { confirmationToken: confirmFirst },
        })
      ).status,
    ).toBe(400);
    expect((await keycloakUserOf(person.personId))?.email).toBe(oldEmail);

    await ask();
    await mailedToken(plain.outbox, oldEmail, "cancelEmailChange");
    const confirm = await mailedToken(plain.outbox, newEmail, "emailChange");
    expect(
      (await call(plain, API_ROUTES.confirmMailAddress, { body: { confirmationToken: confirm } }))
        .status,
    ).toBe(204);
    await agrees("the new address", async () =>
      (await keycloakUserOf(person.personId))?.email === newEmail ? true : undefined,
    );
    expect(await signsIn(newEmail, person.password)).toBe(true);
    expect(await signsIn(oldEmail, person.password)).toBe(false);

    const revert = await mailedToken(plain.outbox, oldEmail, "revertEmailChange");
    expect(
      (await call(plain, API_ROUTES.revertMailAddress, { body: { revertToken: revert } })).status,
    ).toBe(204);
    await agrees("the old address again", async () =>
      (await keycloakUserOf(person.personId))?.email === oldEmail ? true : undefined,
    );
    expect(await signsIn(oldEmail, person.password)).toBe(true);
    expect(await signsIn(newEmail, person.password)).toBe(false);
  });

  it('"This wasn\'t me": Keycloak refuses the password and ends the session until the reset', async () => {
    session = await signedIn(person.email, person.password);
    expect(
      (await call(plain, API_ROUTES.secureMyAccount, { token: session.accessToken })).status,
    ).toBe(204);
    expect(await refreshAtKeycloak(session.refreshToken)).toBeUndefined();
    await agrees("the password removed", async () =>
      (await passwordCreatedAt(person.personId)) === null ? true : undefined,
    );
    expect(await signsIn(person.email, person.password)).toBe(false);
    await resetByMail(person, `${person.password}Sc`);
  });

  it("deletion without a grace period: Keycloak's user is deleted", async () => {
    const tokens = await signedIn(person.email, person.password);
    expect(
      (await call(plain, API_ROUTES.requestDeletion, { token: tokens.accessToken })).status,
    ).toBe(200);
    const link = await mailedToken(plain.outbox, person.email, "deletion");
    expect(
      (await call(plain, API_ROUTES.confirmDeletion, { body: { optOutToken: link } })).status,
    ).toBe(204);
    await agrees("the user deleted", async () =>
      (await keycloakUserOf(person.personId)) ? undefined : true,
    );
    expect(await signsIn(person.email, person.password)).toBe(false);
    expect(await refreshAtKeycloak(tokens.refreshToken)).toBeUndefined();
  });
});

describe("membership linking, as Keycloak's tokens carry it", { timeout: STEP }, () => {
  it("cr_mapping, cr_membernumber and the roles in the next token", async () => {
    const person = await confirmedPerson(plain, "kc-member");
    const memberNumber = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    const issued = await call(plain, API_ROUTES.supportIssueMembership, {
      token: await supportTokenFromKeycloak(),
      body: { memberNumber },
    });
    expect(issued.status).toBe(201);
    const membership = (await issued.json()) as {
      mitgliedskennung: string;
      personalPassword: string;
      generalPassword: string;
    };
    const session = await signedIn(person.email, person.password);
    expect(session.claims.cr_mapping).toBeUndefined();
    const linked = await call(plain, API_ROUTES.registerMembership, {
      token: session.accessToken,
      body: {
        mitgliedskennung: membership.mitgliedskennung,
        personalPassword: membership.personalPassword,
        generalPassword: membership.generalPassword,
      },
    });
    expect(linked.status).toBe(200);
    // Roles: no route of the portal's API gives one (staff write them); written here as
    // an administrator would, with updated_at, which is what the user sync looks at.
    await personRows(plain.database.db).update(
      person.personId,
      { roles: ["CREDIT_REPORTS", "MONITORING"] },
      plain.clock.now(),
    );
    await agrees("the membership's attributes and the roles", async () => {
      const attributes = (await keycloakUserOf(person.personId))?.attributes;
      return attributes?.member_number?.includes(memberNumber) &&
        attributes.roles?.includes("MONITORING")
        ? true
        : undefined;
    });
    // The next token, a refresh as much as a new sign-in, carries them.
    const refreshed = await refreshAtKeycloak(session.refreshToken);
    const fresh = await signedIn(person.email, person.password);
    for (const tokens of [refreshed, fresh]) {
      expect(tokens?.claims.cr_membernumber).toBe(memberNumber);
      expect(tokens?.claims.cr_mapping).toEqual(expect.any(String));
      expect(tokens?.claims.cr_userrole).toEqual(["CREDIT_REPORTS", "MONITORING"]);
    }
  });
});

describe("deletion with a grace period and the restore, as Keycloak sees it", {
  timeout: STEP,
}, () => {
  it("closing disables Keycloak's user (nobody signs in); the restore enables it again", async () => {
    const person = await confirmedPerson(graced, "kc-grace");
    const tokens = await signedIn(person.email, person.password);
    expect(
      (await call(graced, API_ROUTES.requestDeletion, { token: tokens.accessToken })).status,
    ).toBe(200);
    const link = await mailedToken(graced.outbox, person.email, "deletion");
    expect(
      (await call(graced, API_ROUTES.confirmDeletion, { body: { optOutToken: link } })).status,
    ).toBe(204);
    await agrees("the user disabled", async () =>
      (await keycloakUserOf(person.personId))?.enabled === false ? true : undefined,
    );
    expect(await signsIn(person.email, person.password)).toBe(false);
    expect(await refreshAtKeycloak(tokens.refreshToken)).toBeUndefined();

    const restore = await mailedToken(graced.outbox, person.email, "restoreAccount");
    const restored = await call(graced, API_ROUTES.restoreAccount, {
      body: { restoreToken: restore, password: person.password },
    });
    expect(restored.status).toBeLessThan(300);
    await agrees("the user enabled again", async () =>
      (await keycloakUserOf(person.personId))?.enabled === true ? true : undefined,
    );
    expect(await signsIn(person.email, person.password)).toBe(true);
  });
});
