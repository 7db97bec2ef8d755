import type { LoginClaims } from "@portal/contracts";
import { FRESH_SIGN_IN_SECONDS } from "@portal/core";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import ChangeMailAddressPage from "./change-mail-address-page.js";
import ChangeMailAddressSuccessPage from "./change-mail-address-success-page.js";
import ChangePasswordPage from "./change-password-page.js";
import RequestAccountDeletionPage from "./request-account-deletion-page.js";
import RequestAccountDeletionSuccessPage from "./request-account-deletion-success-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "./test/account-fixtures.js";

// Issue 18: a deletion request or a new e-mail address after a sign-in older than 5 minutes
// signs in again first (prompt=login, back to the same page), keeping the entered values,
// and then carries on by itself; a REAUTHENTICATION_REQUIRED answer leads there too.

const now = () => Math.floor(Date.now() / 1000);
const oldSignIn: LoginClaims = { ...userClaims, auth_time: now() - FRESH_SIGN_IN_SECONDS - 60 };
const KEY = "portal.pendingChange";
const keep = (kind: string, values: Record<string, string>, personId = "p-1") =>
  window.sessionStorage.setItem(
    KEY,
    JSON.stringify({ kind, personId, values, savedAt: Date.now() }),
  );

const deletionRoutes = [
  { path: "/konto/loeschen/danke", element: <RequestAccountDeletionSuccessPage /> },
];
const mailRoutes = [
  { path: "/konto/email-aendern/danke", element: <ChangeMailAddressSuccessPage /> },
];

afterEach(() => window.sessionStorage.clear());

describe("fresh sign-in before a deletion request", () => {
  it("signs in again first when the sign-in is older than 5 minutes, sending nothing yet", async () => {
    const user = userEvent.setup();
    const { api, identity } = await renderApp(<RequestAccountDeletionPage />, {
      claims: oldSignIn,
      api: { getMe: () => answer(storedPerson) },
    });
    await user.click(qa("request-account-deletion-submit"));
    await user.click(await findQa("request-account-deletion-dialog-confirm"));
    expect(identity.logins).toEqual([{ prompt: "login", redirectUri: window.location.href }]);
    expect(api.calls.some((c) => c.method === "requestDeletion")).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}")).toMatchObject({
      kind: "request-account-deletion",
      personId: "p-1",
    });
    expect(await findQa("request-account-deletion-fresh-sign-in")).toBeInTheDocument();
  });

  it("carries on by itself once back from the new sign-in", async () => {
    keep("request-account-deletion", {});
    const { api } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      extraRoutes: deletionRoutes,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => answer({ email: storedPerson.email }),
      },
    });
    expect(await findQa("request-account-deletion-success-text")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it("does not carry on a change kept for somebody else", async () => {
    keep("request-account-deletion", {}, "someone-else");
    const { api } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await findQa("request-account-deletion-submit");
    expect(api.calls.some((c) => c.method === "requestDeletion")).toBe(false);
  });

  it("signs in again when the server answers REAUTHENTICATION_REQUIRED", async () => {
    const user = userEvent.setup();
    const { identity } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => fail(failure(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }])),
      },
    });
    await user.click(qa("request-account-deletion-submit"));
    await user.click(await findQa("request-account-deletion-dialog-confirm"));
    await findQa("request-account-deletion-fresh-sign-in");
    expect(identity.logins[0]?.prompt).toBe("login");
  });
});

describe("fresh sign-in before an e-mail change", () => {
  it("keeps the new address across the new sign-in and sends it afterwards", async () => {
    const user = userEvent.setup();
    const first = await renderApp(<ChangeMailAddressPage />, {
      claims: oldSignIn,
      api: { getMe: () => answer(storedPerson) },
    });
    await user.type(await findQa("change-mail-address-new-email"), "neu@example.de");
    await user.tab();
    await user.click(qa("change-mail-address-submit"));
    expect(first.identity.logins[0]?.prompt).toBe("login");
    expect(first.api.calls.some((c) => c.method === "changeMailAddress")).toBe(false);
    first.unmount();

    const back = await renderApp(<ChangeMailAddressPage />, {
      route: "/konto/email-aendern",
      path: "/konto/email-aendern",
      claims: userClaims,
      extraRoutes: mailRoutes,
      api: {
        getMe: () => answer(storedPerson),
        changeMailAddress: ({ newEmail }) => answer({ email: newEmail }),
      },
    });
    expect(await findQa("change-mail-address-success-text")).toHaveTextContent("neu@example.de");
    expect(back.api.calls.find((c) => c.method === "changeMailAddress")?.args).toEqual([
      { newEmail: "neu@example.de" },
    ]);
  });
});

// Issue 29: the resend on /konto/loeschen/danke answered "sign in again" and the dialog
// offered only "Close". It is a deletion request too: it leads through the new sign-in and
// finishes by itself, with its notice.
describe("fresh sign-in before the deletion mail's resend", () => {
  it("signs in again first when the sign-in is older than 5 minutes, sending nothing yet", async () => {
    const user = userEvent.setup();
    const { api, identity, container } = await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: oldSignIn,
      api: { getMe: () => answer(storedPerson) },
    });
    await user.click(await findQa("request-account-deletion-success-resend"));
    expect(identity.logins).toEqual([{ prompt: "login", redirectUri: window.location.href }]);
    expect(api.calls.some((c) => c.method === "requestDeletion")).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}")).toMatchObject({
      kind: "resend-account-deletion",
      personId: "p-1",
    });
    expect(await findQa("request-account-deletion-success-fresh-sign-in")).toBeInTheDocument();
    // No failure dialog with only "Close".
    expect(container.ownerDocument.querySelector('[role="dialog"]')).toBeNull();
  });

  it("leads through the sign-in when the server answers REAUTHENTICATION_REQUIRED", async () => {
    const user = userEvent.setup();
    const { identity } = await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => fail(failure(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }])),
      },
    });
    await user.click(await findQa("request-account-deletion-success-resend"));
    await findQa("request-account-deletion-success-fresh-sign-in");
    expect(identity.logins[0]?.prompt).toBe("login");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("sends the mail again by itself once back, and says so", async () => {
    keep("resend-account-deletion", {});
    const { api } = await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => answer({ email: storedPerson.email }),
      },
    });
    expect(await findQa("request-account-deletion-success-resent-after-sign-in")).toHaveTextContent(
      storedPerson.email,
    );
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});

// Issue 47: a new password after a sign-in older than 5 minutes signs in again first. The
// passwords are never kept across it, so the page asks as it opens, before anything is
// typed; back from the sign-in, the form is there.
describe("fresh sign-in before a password change", () => {
  it("signs in again as the page opens when the sign-in is older than 5 minutes", async () => {
    const { api, identity } = await renderApp(<ChangePasswordPage />, {
      claims: oldSignIn,
      api: { getMe: () => answer(storedPerson) },
    });
    expect(await findQa("change-password-fresh-sign-in")).toBeInTheDocument();
    expect(identity.logins).toEqual([{ prompt: "login", redirectUri: window.location.href }]);
    expect(queryQa("change-password-form")).toBeNull();
    expect(api.calls.some((c) => c.method === "changePassword")).toBe(false);
    // What is kept names the change, never a password.
    expect(JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}")).toMatchObject({
      kind: "change-password",
      values: {},
    });
  });

  it("shows the form once back from the new sign-in, and asks no more", async () => {
    keep("change-password", {});
    const { identity } = await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    expect(await findQa("change-password-form")).toBeInTheDocument();
    expect(identity.logins).toEqual([]);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it("signs in again when the server answers REAUTHENTICATION_REQUIRED", async () => {
    const user = userEvent.setup();
    const { identity } = await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        changePassword: () => fail(failure(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }])),
      },
    });
    await user.click(await findQa("change-password-old"));
    await user.paste("Alt-Passwort1");
    await user.click(qa("change-password-new"));
    await user.paste("Sommer!2024xy");
    await user.click(qa("change-password-confirmation"));
    await user.paste("Sommer!2024xy");
    await user.tab();
    await user.click(qa("change-password-submit"));
    expect(await findQa("change-password-fresh-sign-in")).toBeInTheDocument();
    expect(identity.logins[0]?.prompt).toBe("login");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
