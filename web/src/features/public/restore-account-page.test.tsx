import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, type Calls, fail, failure } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import ConfirmAccountDeletionPage from "./confirm-account-deletion-page.js";
import RestoreAccountPage from "./restore-account-page.js";

// Issue 34: with DELETION_GRACE_DAYS the deletion's confirmation mail carries a restore
// link; opening it changes nothing, the password (and second factor) restores. Issue 46:
// opening asks whether the link still works; a used or invalid one says so at once.

const valid = () => answer({ status: "valid" as const });
/** The calls after the opening's check (which must come first). */
const afterCheck = (calls: Calls, token: string) => {
  expect(calls[0]).toEqual({
    method: "checkOneClickLink",
    args: [
      { link: "restoreAccount", token },
      expect.objectContaining({ signal: expect.anything() }),
    ],
  });
  return calls.slice(1);
};

describe("restore a closed account from its confirmation mail", () => {
  it.each([
    ["de", "Konto wiederherstellen", "Konto wiederhergestellt"],
    ["en", "Restore your account", "Account restored"],
    ["fr", "Restaurer votre compte", "Compte restauré"],
  ])(
    "%s: asks for the password, sends it with the link's token, then leads to the sign-in",
    async (language, heading, done) => {
      const user = userEvent.setup();
      const { api, container } = await renderApp(<RestoreAccountPage />, {
        route: "/konto/wiederherstellen?token=tok-1",
        language,
        api: { checkOneClickLink: valid, restoreAccount: () => answer(undefined) },
      });
      expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
      expect(afterCheck(api.calls, "tok-1")).toEqual([]);
      await expectNoAxeViolations(container);
      await user.type(await findByQa("restore-account-password"), "Sommer-Wiese42");
      await user.click(await findByQa("restore-account-submit"));
      expect(await screen.findByRole("heading", { name: done })).toBeInTheDocument();
      expect(afterCheck(api.calls, "tok-1")).toEqual([
        { method: "restoreAccount", args: [{ restoreToken: "tok-1", password: "Sommer-Wiese42" }] },
      ]);
      expect(await findByQa("restore-account-login")).toHaveAttribute("href", "/login");
      await expectNoAxeViolations(container);
    },
  );

  it("sends the second factor's code when one is typed, and keeps the form on a wrong one", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<RestoreAccountPage />, {
      route: "/konto/wiederherstellen?token=tok-2",
      language: "en",
      api: {
        checkOneClickLink: valid,
        restoreAccount: () =>
          fail(failure(400, [{ errorCode: "SECOND_FACTOR_INCORRECT", field: "code" }])),
      },
    });
    await user.type(await findByQa("restore-account-password"), "Sommer-Wiese42");
    await user.type(await findByQa("restore-account-code"), " 123456 ");
    await user.click(await findByQa("restore-account-submit"));
    expect(await findByQa("restore-account-code")).toHaveAccessibleDescription(
      /This code is wrong/,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(afterCheck(api.calls, "tok-2")).toEqual([
      {
        method: "restoreAccount",
        args: [{ restoreToken: "tok-2", password: "Sommer-Wiese42", code: "123456" }],
      },
    ]);
    expect(await findByQa("restore-account-form")).toBeInTheDocument();
  });

  // Issue 46: a wrong password opened the general failure dialog, with an error reference,
  // before the message at the field. Now it is the message at the field alone.
  it.each([
    ["de", /Das aktuelle Passwort ist nicht korrekt/],
    ["en", /The current password is not correct/],
    ["fr", /Le mot de passe actuel n.est pas correct/],
  ])(
    "%s: a wrong password is said at its field, without the failure dialog",
    async (language, words) => {
      const user = userEvent.setup();
      const { container } = await renderApp(<RestoreAccountPage />, {
        route: "/konto/wiederherstellen?token=tok-4",
        language,
        api: {
          restoreAccount: () =>
            fail(failure(400, [{ errorCode: "PASSWORD_INCORRECT", field: "password" }])),
        },
      });
      const password = await findByQa("restore-account-password");
      await user.type(password, "Winter-Wiese42");
      await user.click(await findByQa("restore-account-submit"));
      await vi.waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
      expect(password).toHaveAccessibleDescription(words);
      expect(password).toHaveFocus();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(container.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
      await expectNoAxeViolations(container);
    },
  );

  it("says when the link is no longer valid (used, or the account erased)", async () => {
    const user = userEvent.setup();
    await renderApp(<RestoreAccountPage />, {
      route: "/konto/wiederherstellen?token=used",
      language: "en",
      api: {
        restoreAccount: () =>
          fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "restoreToken" }])),
      },
    });
    await user.type(await findByQa("restore-account-password"), "x");
    await user.click(await findByQa("restore-account-submit"));
    expect(await findByQa("restore-account-unusable")).toHaveTextContent(/no longer valid|invalid/);
  });

  it.each([
    ["used", "restore-account-used-notice", /already been used: your account is open again/],
    ["invalid", "restore-account-unusable", /invalid or was already used/],
  ] as const)("a %s link says so on opening, without the form", async (status, qa, text) => {
    const { api } = await renderApp(<RestoreAccountPage />, {
      route: "/konto/wiederherstellen?token=old",
      language: "en",
      api: { checkOneClickLink: () => answer({ status }) },
    });
    expect(await findByQa(qa)).toHaveTextContent(text);
    expect(document.querySelector('[data-qa="restore-account-form"]')).toBeNull();
    expect(afterCheck(api.calls, "old")).toEqual([]);
  });

  it("a link without its token is not valid, without a call", async () => {
    const { api } = await renderApp(<RestoreAccountPage />, { route: "/konto/wiederherstellen" });
    expect(await findByQa("restore-account-unusable")).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});

describe("the deletion link's page with a grace period", () => {
  it("says the click closes the account and when it is erased, then that it is closed", async () => {
    const { container } = await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=tok-3",
      language: "en",
      api: {
        checkDeletionToken: () =>
          answer({ valid: true, maskedEmail: "ma•••@example.com", graceDays: 14 }),
        confirmDeletion: () => answer(undefined),
      },
    });
    expect(
      await screen.findByText(/closed at once and deleted irrevocably .* after 14 days/),
    ).toBeVisible();
    // Issue 46: neither the title nor the button says "permanently" any more.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Close and delete your account?",
    );
    expect(await findByQa("confirm-account-deletion-submit")).toHaveTextContent("Close my account");
    expect(container.textContent).not.toMatch(/permanently|cannot be undone/);
    await expectNoAxeViolations(container);
    await userEvent.setup().click(await findByQa("confirm-account-deletion-submit"));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Account closed");
    expect(screen.getByText(/the link in it restores the account/)).toBeVisible();
  });
});
