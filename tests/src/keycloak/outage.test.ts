import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { API_ROUTES } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshAccount, registerAccount } from "../support/accounts-api.js";
import { poll } from "../support/poll.js";
import {
  call,
  type KeycloakPortal,
  keycloakUserByEmail,
  keycloakUserOf,
  mailedToken,
  passwordCreatedAt,
  signInOnKeycloak,
  startKeycloakPortal,
  supportTokenFromKeycloak,
  type Tokens,
} from "./keycloak-portal.js";

// Issue 47 item 2: "a test stops Keycloak in the middle of each kind of change". Keycloak
// is stopped (`keycloak.sh stop`: its database kept) with one person ready for each kind of
// change; each change is made in the portal and its answer checked: either refused with a
// clear error (503 BACKEND_ERROR, nothing written: the changes that end sign-ins, which
// only Keycloak can do) or accepted and queued for the user sync. Keycloak is started again
// (`keycloak.sh start`, same port, no import), and then Keycloak agrees with the portal:
// the accepted changes arrive (the sync's retries, made due by moving the portals' clocks
// past the longest back-off), the refused ones left both as they were and go through on
// the next try. One stop for all kinds: a Keycloak start takes 15 to 60 s here.

const script = fileURLToPath(new URL("../../../scripts/keycloak.sh", import.meta.url));
const keycloak = (verb: "stop" | "start"): string =>
  execFileSync("bash", [script, verb], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

const UNTIL = 30_000;
const agrees = <T>(what: string, probe: () => Promise<T | undefined>) =>
  poll(`Keycloak: ${what}`, probe, UNTIL, 250);
const signsIn = async (email: string, password: string) =>
  (await signInOnKeycloak(email, password)) !== undefined;
const signedIn = async (email: string, password: string): Promise<Tokens> => {
  const tokens = await signInOnKeycloak(email, password);
  if (!tokens) throw new Error(`${email} was refused on Keycloak's page`);
  return tokens;
};
/** Until Keycloak holds a password set after `since` (ms), then one sign-in with it. */
const newPasswordArrives = async (person: Person, password: string, since: number) => {
  await agrees(`${person.email}'s new password`, async () =>
    ((await passwordCreatedAt(person.personId)) ?? 0) >= since ? true : undefined,
  );
  expect(await signsIn(person.email, password)).toBe(true);
};
const refusedClearly = async (answer: Response) => {
  expect(answer.status).toBe(503);
  expect(await answer.json()).toEqual([{ errorCode: "BACKEND_ERROR" }]);
};

interface Person {
  email: string;
  password: string;
  personId: string;
}

const confirmedPerson = async (portal: KeycloakPortal, label: string): Promise<Person> => {
  const account = freshAccount(label);
  await registerAccount(portal.url, account);
  const optIn = await mailedToken(portal.outbox, account.email, "optIn");
  await call(portal, API_ROUTES.confirmMailAddress, { body: { confirmationToken: optIn } });
  const user = await agrees(`${account.email} created`, () => keycloakUserByEmail(account.email));
  return { ...account, personId: user.attributes?.cr_id?.[0] ?? "" };
};

let plain: KeycloakPortal;
let graced: KeycloakPortal;
let stopped = false;

// One person (and what their change needs: a link, a fresh token) per kind of change.
const ready = {} as {
  registration: { email: string; password: string; optIn: string };
  passwordChange: Person & { tokens: Tokens; other: Tokens };
  reset: Person & { link: string };
  emailChange: Person & { link: string; newEmail: string };
  securing: Person & { tokens: Tokens };
  membership: Person & {
    tokens: Tokens;
    issued: { mitgliedskennung: string; personalPassword: string; generalPassword: string };
    memberNumber: string;
  };
  closing: Person & { link: string };
  restore: Person & { link: string };
  erasure: Person & { link: string };
};

beforeAll(async () => {
  plain = await startKeycloakPortal({ deletionGraceDays: 0 });
  graced = await startKeycloakPortal({ deletionGraceDays: 30 });

  const registration = freshAccount("kc-out-reg");
  await registerAccount(plain.url, registration);
  ready.registration = {
    ...registration,
    optIn: await mailedToken(plain.outbox, registration.email, "optIn"),
  };

  const changer = await confirmedPerson(plain, "kc-out-change");
  ready.passwordChange = {
    ...changer,
    other: await signedIn(changer.email, changer.password),
    tokens: await signedIn(changer.email, changer.password),
  };

  const resetter = await confirmedPerson(plain, "kc-out-reset");
  await call(plain, API_ROUTES.requestPasswordResetMail, { body: { email: resetter.email } });
  ready.reset = {
    ...resetter,
    link: await mailedToken(plain.outbox, resetter.email, "passwordReset"),
  };

  const mover = await confirmedPerson(plain, "kc-out-mail");
  const newEmail = `moved-${mover.email}`;
  const moverTokens = await signedIn(mover.email, mover.password);
  await call(plain, API_ROUTES.changeMailAddress, {
    token: moverTokens.accessToken,
    body: { newEmail },
  });
  ready.emailChange = {
    ...mover,
    newEmail,
    link: await mailedToken(plain.outbox, newEmail, "emailChange"),
  };

  const securer = await confirmedPerson(plain, "kc-out-secure");
  ready.securing = { ...securer, tokens: await signedIn(securer.email, securer.password) };

  const member = await confirmedPerson(plain, "kc-out-member");
  const memberNumber = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  const issued = await call(plain, API_ROUTES.supportIssueMembership, {
    token: await supportTokenFromKeycloak(),
    body: { memberNumber },
  });
  expect(issued.status).toBe(201);
  ready.membership = {
    ...member,
    memberNumber,
    issued: (await issued.json()) as typeof ready.membership.issued,
    tokens: await signedIn(member.email, member.password),
  };

  const deletion = async (portal: KeycloakPortal, label: string) => {
    const person = await confirmedPerson(portal, label);
    const tokens = await signedIn(person.email, person.password);
    await call(portal, API_ROUTES.requestDeletion, { token: tokens.accessToken });
    return { ...person, link: await mailedToken(portal.outbox, person.email, "deletion") };
  };
  ready.closing = await deletion(graced, "kc-out-close");
  ready.erasure = await deletion(plain, "kc-out-erase");
  const closed = await deletion(graced, "kc-out-restore");
  await call(graced, API_ROUTES.confirmDeletion, { body: { optOutToken: closed.link } });
  await agrees("the closed account disabled", async () =>
    (await keycloakUserOf(closed.personId))?.enabled === false ? true : undefined,
  );
  ready.restore = {
    ...closed,
    link: await mailedToken(graced.outbox, closed.email, "restoreAccount"),
  };
}, 300_000);

afterAll(async () => {
  // Never leave the suite's Keycloak stopped.
  if (stopped) keycloak("start");
  await plain?.close();
  await graced?.close();
}, 180_000);

describe("Keycloak stopped in the middle of each kind of change", () => {
  it("while it is stopped: the portal refuses what ends sign-ins (503) and queues the rest", async () => {
    process.stdout.write(keycloak("stop"));
    stopped = true;

    // Accepted and queued: nothing of these needs Keycloak now.
    const r = ready.registration;
    expect(
      (await call(plain, API_ROUTES.confirmMailAddress, { body: { confirmationToken: r.optIn } }))
        .status,
    ).toBe(204);
    const m = ready.membership;
    expect(
      (
        await call(plain, API_ROUTES.registerMembership, {
          token: m.tokens.accessToken,
          body: m.issued,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(graced, API_ROUTES.restoreAccount, {
          body: { restoreToken: ready.restore.link, password: ready.restore.password },
        })
      ).status,
    ).toBe(204);

    // Refused, nothing written: each ends sign-ins, which only Keycloak can do.
    const p = ready.passwordChange;
    await refusedClearly(
      await call(plain, API_ROUTES.changePassword, {
        token: p.tokens.accessToken,
        body: { oldPassword: p.password, newPassword: `${p.password}Nx` },
      }),
    );
    await refusedClearly(
      await call(plain, API_ROUTES.resetPassword, {
        body: { passwordResetToken: ready.reset.link, newPassword: `${ready.reset.password}Rs` },
      }),
    );
    await refusedClearly(
      await call(plain, API_ROUTES.confirmMailAddress, {
        body: { confirmationToken: ready.emailChange.link },
      }),
    );
    await refusedClearly(
      await call(plain, API_ROUTES.secureMyAccount, { token: ready.securing.tokens.accessToken }),
    );
    await refusedClearly(
      await call(graced, API_ROUTES.confirmDeletion, { body: { optOutToken: ready.closing.link } }),
    );
    await refusedClearly(
      await call(plain, API_ROUTES.confirmDeletion, { body: { optOutToken: ready.erasure.link } }),
    );

    const started = performance.now();
    process.stdout.write(keycloak("start"));
    stopped = false;
    process.stdout.write(
      `keycloak: back after ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }, 300_000);

  it("once it is back: the queued changes arrive in Keycloak", async () => {
    // The sync's back-off doubles up to 60 s: the portals' clocks move past it, so the
    // retries are due at the next poll (every 5 s) instead of a minute later.
    plain.clock.advance(61_000);
    graced.clock.advance(61_000);
    const r = ready.registration;
    await agrees("the registration confirmed during the stop", async () =>
      (await keycloakUserByEmail(r.email)) ? true : undefined,
    );
    expect(await signsIn(r.email, r.password)).toBe(true);
    const m = ready.membership;
    await agrees("the membership linked during the stop", async () =>
      (await keycloakUserOf(m.personId))?.attributes?.member_number?.includes(m.memberNumber)
        ? true
        : undefined,
    );
    expect((await signedIn(m.email, m.password)).claims.cr_membernumber).toBe(m.memberNumber);
    await agrees("the account restored during the stop", async () =>
      (await keycloakUserOf(ready.restore.personId))?.enabled === true ? true : undefined,
    );
    expect(await signsIn(ready.restore.email, ready.restore.password)).toBe(true);
  }, 120_000);

  it("once it is back: the refused changes left both as they were, and go through now", async () => {
    // Password change: the old password still signs in; the same change goes through.
    const p = ready.passwordChange;
    expect(await signsIn(p.email, `${p.password}Nx`)).toBe(false);
    const changer = await signedIn(p.email, p.password);
    const changedAt = Date.now();
    expect(
      (
        await call(plain, API_ROUTES.changePassword, {
          token: changer.accessToken,
          body: { oldPassword: p.password, newPassword: `${p.password}Nx` },
        })
      ).status,
    ).toBe(204);
    await newPasswordArrives(p, `${p.password}Nx`, changedAt);

    // Reset: the same link works now.
    const q = ready.reset;
    expect(await signsIn(q.email, q.password)).toBe(true);
    const resetAt = Date.now();
    expect(
      (
        await call(plain, API_ROUTES.resetPassword, {
          body: { passwordResetToken: q.link, newPassword: `${q.password}Rs` },
        })
      ).status,
    ).toBe(204);
    await newPasswordArrives(q, `${q.password}Rs`, resetAt);

    // E-mail change: the address unchanged in both; the same link switches it now.
    const e = ready.emailChange;
    expect((await keycloakUserOf(e.personId))?.email).toBe(e.email);
    expect(
      (await call(plain, API_ROUTES.confirmMailAddress, { body: { confirmationToken: e.link } }))
        .status,
    ).toBe(204);
    await agrees("the new address", async () =>
      (await keycloakUserOf(e.personId))?.email === e.newEmail ? true : undefined,
    );

    // Securing: the password still signed in; securing now removes it in Keycloak.
    const s = ready.securing;
    const securer = await signedIn(s.email, s.password);
    expect(
      (await call(plain, API_ROUTES.secureMyAccount, { token: securer.accessToken })).status,
    ).toBe(204);
    await agrees("the secured account's password removed", async () =>
      (await passwordCreatedAt(s.personId)) === null ? true : undefined,
    );
    expect(await signsIn(s.email, s.password)).toBe(false);

    // Closing and erasure: the account open in both; the same links close and erase now.
    const c = ready.closing;
    expect((await keycloakUserOf(c.personId))?.enabled).toBe(true);
    expect(
      (await call(graced, API_ROUTES.confirmDeletion, { body: { optOutToken: c.link } })).status,
    ).toBe(204);
    await agrees("the closed account disabled", async () =>
      (await keycloakUserOf(c.personId))?.enabled === false ? true : undefined,
    );
    const x = ready.erasure;
    expect(await keycloakUserOf(x.personId)).toBeDefined();
    expect(
      (await call(plain, API_ROUTES.confirmDeletion, { body: { optOutToken: x.link } })).status,
    ).toBe(204);
    await agrees("the erased account's user deleted", async () =>
      (await keycloakUserOf(x.personId)) ? undefined : true,
    );
  }, 180_000);
});
