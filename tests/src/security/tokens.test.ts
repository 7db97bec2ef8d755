import { API_ROUTES, type ApiRoute } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../support/oidc-sign-in.js";
import {
  type Account,
  api,
  confirmedAccount,
  mailedToken,
  newPassword,
  refresh,
} from "./support/accounts.js";
import { leaseSecurityPortal, type SecurityPortal } from "./support/portal.js";

// Issue 9, tokens: "every mail token is single use, expires (deletion after 10 days, tested
// with a controlled clock), and a token of one kind never works as another; refresh-token
// reuse revokes the chain; account deletion and password reset end the sessions they should."

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let portal: SecurityPortal;
beforeAll(async () => {
  portal = await leaseSecurityPortal();
});
afterAll(() => portal?.close());

const account = (label: string) => confirmedAccount(portal.url, portal.outbox, label);
const signIn = (a: Account) => signInOverHttp(portal.url, a.email, a.password);

/** How each kind of mailed token is used, and its link in the mail. */
const USE = {
  optIn: (token: string) =>
    api(portal.url, API_ROUTES.confirmMailAddress, { body: { confirmationToken: token } }),
  emailChange: (token: string) =>
    api(portal.url, API_ROUTES.confirmMailAddress, { body: { confirmationToken: token } }),
  passwordReset: (token: string) =>
    api(portal.url, API_ROUTES.resetPassword, {
      body: { passwordResetToken: token, newPassword: newPassword() },
    }),
  deletion: (token: string) =>
    api(portal.url, API_ROUTES.confirmDeletion, { body: { optOutToken: token } }),
} as const;
type Kind = keyof typeof USE;

/** A fresh token of `kind`, read from the mail the portal sent. */
const issue = async (kind: Kind): Promise<{ token: string; owner: Account }> => {
  if (kind === "optIn") {
    const email = `optin-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    const res = await api(portal.url, API_ROUTES.register, {
      body: {
        salutation: "MR",
        givenName: "Max",
        surname: "Muster",
        email,
        password: newPassword(),
        consentMarketing: "REFUSED",
        consentRecherche: "REFUSED",
        postRegistrationTargetKey: null,
        postRegistrationToken: null,
      },
    });
    expect(res.status).toBe(201);
    return {
      token: await mailedToken(portal.outbox, email, "optIn"),
      owner: { email, password: "" },
    };
  }
  const owner = await account(kind);
  if (kind === "passwordReset") {
    expect(
      (await api(portal.url, API_ROUTES.requestPasswordResetMail, { body: { email: owner.email } }))
        .status,
    ).toBe(202);
    return { token: await mailedToken(portal.outbox, owner.email, kind), owner };
  }
  const { accessToken } = await signIn(owner);
  if (kind === "deletion") {
    expect((await api(portal.url, API_ROUTES.requestDeletion, { token: accessToken })).status).toBe(
      200,
    );
    return { token: await mailedToken(portal.outbox, owner.email, kind), owner };
  }
  const newEmail = `changed-${owner.email}`;
  const res = await api(portal.url, API_ROUTES.changeMailAddress, {
    token: accessToken,
    body: { newEmail },
  });
  expect(res.status).toBe(200);
  return { token: await mailedToken(portal.outbox, newEmail, kind), owner };
};

const expectRefused = async (res: Response) => {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual([expect.objectContaining({ errorCode: "INVALID_OPT_IN" })]);
};

const KINDS: ReadonlyArray<Kind> = ["optIn", "emailChange", "passwordReset", "deletion"];

describe.each(KINDS)("a %s token", (kind) => {
  it("works once, then never again", async () => {
    const { token } = await issue(kind);
    expect((await USE[kind](token)).status).toBe(204);
    await expectRefused(await USE[kind](token));
  });

  it("never works as a token of another kind, and stays usable for its own", async () => {
    const { token } = await issue(kind);
    // Opt-in and e-mail change share their confirmation call (spec section 7).
    const foreign = KINDS.filter(
      (k) =>
        k !== kind &&
        !(["optIn", "emailChange"].includes(k) && ["optIn", "emailChange"].includes(kind)),
    );
    for (const other of foreign) await expectRefused(await USE[other](token));
    expect((await USE[kind](token)).status).toBe(204);
  });
});

describe("expiry with a controlled clock", () => {
  it("each link ends with its lifetime; the deletion link works for 10 days, not longer", async () => {
    const reset = await issue("passwordReset");
    const change = await issue("emailChange");
    const optIn = await issue("optIn");
    const deleteEarly = await issue("deletion");
    const deleteLate = await issue("deletion");
    const stillThere = async (a: Account) =>
      (await api(portal.url, API_ROUTES.resendOptInMail, { body: { email: a.email } })).status;

    portal.clock.advance(HOUR + MINUTE); // password reset: 1 hour
    await expectRefused(await USE.passwordReset(reset.token));
    portal.clock.advance(DAY); // e-mail change: 24 hours
    await expectRefused(await USE.emailChange(change.token));
    portal.clock.advance(6 * DAY); // opt-in: 7 days
    await expectRefused(await USE.optIn(optIn.token));

    portal.clock.set(new Date(Date.now() + 10 * DAY - HOUR));
    expect((await USE.deletion(deleteEarly.token)).status).toBe(204);
    portal.clock.set(new Date(Date.now() + 10 * DAY + MINUTE));
    await expectRefused(await USE.deletion(deleteLate.token));
    // The account whose link expired is still there: signing in still works.
    expect(await stillThere(deleteLate.owner)).toBe(202);
    await expect(signIn(deleteLate.owner)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
    portal.clock.set(new Date());
  });
});

const expectRefreshRefused = async (refreshToken: string) => {
  const res = await refresh(portal.url, refreshToken);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: "invalid_grant" });
};

describe("sessions", () => {
  it("reusing a refresh token revokes the whole chain", async () => {
    const a = await account("reuse");
    const first = await signIn(a);
    const rotated = await refresh(portal.url, first.refreshToken);
    expect(rotated.status).toBe(200);
    const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    // The stolen (old) token is played again: refused, and the legitimate one dies with it.
    await expectRefreshRefused(first.refreshToken);
    await expectRefreshRefused(second);
  });

  it("account deletion ends every session and the old access token finds no one", async () => {
    const a = await account("delete-sessions");
    const one = await signIn(a);
    const two = await signIn(a);
    expect(
      (await api(portal.url, API_ROUTES.requestDeletion, { token: one.accessToken })).status,
    ).toBe(200);
    expect((await USE.deletion(await mailedToken(portal.outbox, a.email, "deletion"))).status).toBe(
      204,
    );
    await expectRefreshRefused(one.refreshToken);
    await expectRefreshRefused(two.refreshToken);
    const me = await api(portal.url, API_ROUTES.getMe, { token: two.accessToken });
    expect([401, 404]).toContain(me.status);
  });

  it("a password reset ends every session; the old password no longer signs in", async () => {
    const a = await account("reset-sessions");
    const session = await signIn(a);
    await api(portal.url, API_ROUTES.requestPasswordResetMail, { body: { email: a.email } });
    const token = await mailedToken(portal.outbox, a.email, "passwordReset");
    const password = newPassword();
    const res = await api(portal.url, API_ROUTES.resetPassword, {
      body: { passwordResetToken: token, newPassword: password },
    });
    expect(res.status).toBe(204);
    await expectRefreshRefused(session.refreshToken);
    await expect(signIn(a)).rejects.toThrow(/gave no code/);
    await expect(signIn({ ...a, password })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it("a password change ends the other sessions and keeps the one that changed it", async () => {
    const a = await account("change-sessions");
    const current = await signIn(a);
    const other = await signIn(a);
    const route: ApiRoute = API_ROUTES.changePassword;
    const res = await api(portal.url, route, {
      token: current.accessToken,
      body: { oldPassword: a.password, newPassword: newPassword() },
    });
    expect(res.status).toBe(204);
    await expectRefreshRefused(other.refreshToken);
    expect((await refresh(portal.url, current.refreshToken)).status).toBe(200);
  });
});
