import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, type Calls, fail, failure } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import CancelMailAddressChangePage from "./cancel-mail-address-change-page.js";
import RevertMailAddressPage from "./revert-mail-address-page.js";
import SecureAccountPage from "./secure-account-page.js";

// Issue 29: the alert about a requested e-mail change gets a one-click cancel link, the
// mail to the old address after a confirmed change a revert link. Link-checking mail
// gateways open links by themselves, so opening the page must do nothing: the click does.
// Issue 46: opening asks whether the link still works (a read), and a used or invalid link
// says so instead of showing its button.

const valid = () => answer({ status: "valid" as const });
/** The calls after the opening's check of `link` (which must come first). */
const afterCheck = (calls: Calls, link: string, token: string) => {
  expect(calls[0]).toEqual({
    method: "checkOneClickLink",
    args: [{ link, token }, expect.objectContaining({ signal: expect.any(AbortSignal) })],
  });
  return calls.slice(1);
};

describe("cancel an e-mail change from the alert's link", () => {
  it("does nothing on opening; one click cancels and recommends a new password", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<CancelMailAddressChangePage />, {
      route: "/konto/email-aenderung-abbrechen?token=tok-1",
      api: { checkOneClickLink: valid, cancelMailAddressChangeByToken: () => answer(undefined) },
    });
    expect(
      await screen.findByRole("heading", { name: "Änderung der E-Mail-Adresse abbrechen?" }),
    ).toBeInTheDocument();
    expect(afterCheck(api.calls, "cancelMailChange", "tok-1")).toEqual([]);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Änderung abbrechen" }));
    expect(
      await screen.findByRole("heading", { name: "Änderung abgebrochen" }),
    ).toBeInTheDocument();
    expect(afterCheck(api.calls, "cancelMailChange", "tok-1")).toEqual([
      { method: "cancelMailAddressChangeByToken", args: [{ cancelToken: "tok-1" }] },
    ]);
    expect(screen.getByText(/Setzen Sie bitte jetzt ein neues Passwort/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Neues Passwort festlegen" })).toHaveAttribute(
      "href",
      "/passwort-vergessen",
    );
    await expectNoAxeViolations(container);
  });

  it("says when the link is no longer valid", async () => {
    const user = userEvent.setup();
    await renderApp(<CancelMailAddressChangePage />, {
      route: "/konto/email-aenderung-abbrechen?token=used",
      language: "en",
      api: {
        cancelMailAddressChangeByToken: () =>
          fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "cancelToken" }])),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Cancel the change" }));
    expect(await findByQa("cancel-mail-address-change-error")).toHaveTextContent(
      /This link is no longer valid/,
    );
  });

  it("a failure that is not the link's keeps the button and opens the failure dialog", async () => {
    const user = userEvent.setup();
    await renderApp(<CancelMailAddressChangePage />, {
      route: "/konto/email-aenderung-abbrechen?token=tok-1",
      api: { cancelMailAddressChangeByToken: () => fail(failure(503)) },
    });
    await user.click(await screen.findByRole("button", { name: "Änderung abbrechen" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Änderung abbrechen" })).toBeInTheDocument();
  });

  it("a link without its token says it is not valid, without a call", async () => {
    const { api } = await renderApp(<CancelMailAddressChangePage />, {
      route: "/konto/email-aenderung-abbrechen",
    });
    expect(await findByQa("cancel-mail-address-change-error")).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});

describe("restore the previous address from the link to the old address", () => {
  it.each([
    ["de", "Bisherige Adresse wiederherstellen", "Bisherige E-Mail-Adresse wiederhergestellt"],
    ["en", "Restore my previous address", "Previous e-mail address restored"],
    ["fr", "Rétablir mon adresse précédente", "Adresse e-mail précédente rétablie"],
  ])(
    "%s: one click restores, then a new password is recommended",
    async (language, button, done) => {
      const user = userEvent.setup();
      const { api, container } = await renderApp(<RevertMailAddressPage />, {
        route: "/konto/email-aenderung-zuruecknehmen?token=tok-2",
        language,
        api: { checkOneClickLink: valid, revertMailAddress: () => answer(undefined) },
      });
      await user.click(await screen.findByRole("button", { name: button }));
      expect(await screen.findByRole("heading", { name: done })).toBeInTheDocument();
      expect(afterCheck(api.calls, "revertMail", "tok-2")).toEqual([
        { method: "revertMailAddress", args: [{ revertToken: "tok-2" }] },
      ]);
      expect(await findByQa("revert-mail-address-set-password")).toHaveAttribute(
        "href",
        "/passwort-vergessen",
      );
      await expectNoAxeViolations(container);
    },
  );

  it("names the refusal when the old address now belongs to another account", async () => {
    const user = userEvent.setup();
    await renderApp(<RevertMailAddressPage />, {
      route: "/konto/email-aenderung-zuruecknehmen?token=tok-2",
      language: "en",
      api: {
        revertMailAddress: () => fail(failure(409, [{ errorCode: "EMAIL_ADDRESS_TAKEN" }])),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Restore my previous address" }));
    expect(await findByQa("revert-mail-address-error")).toHaveTextContent(
      "Your former e-mail address now belongs to another account, so the change cannot be undone. Please contact us.",
    );
  });
});

// Issue 34: "This wasn't me: secure my account" from a security alert.
describe("secure the account from an alert's link", () => {
  it.each([
    ["de", "Konto sichern?", "Konto sichern", "Ihr Konto ist gesichert"],
    ["en", "Secure your account?", "Secure my account", "Your account is secured"],
    ["fr", "Sécuriser votre compte ?", "Sécuriser mon compte", "Votre compte est sécurisé"],
  ])(
    "%s: says what will happen, does nothing on opening, one click secures",
    async (language, title, submit, success) => {
      const user = userEvent.setup();
      const { api, container } = await renderApp(<SecureAccountPage />, {
        route: "/konto/sichern?token=tok-3",
        language,
        api: { checkOneClickLink: valid, secureAccountByToken: () => answer(undefined) },
      });
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
      expect(afterCheck(api.calls, "secureAccount", "tok-3")).toEqual([]);
      await expectNoAxeViolations(container);
      await user.click(screen.getByRole("button", { name: submit }));
      expect(await screen.findByRole("heading", { name: success })).toBeInTheDocument();
      expect(afterCheck(api.calls, "secureAccount", "tok-3")).toEqual([
        { method: "secureAccountByToken", args: [{ secureToken: "tok-3" }] },
      ]);
      expect(await findByQa("secure-account-set-password")).toHaveAttribute(
        "href",
        "/passwort-vergessen",
      );
      await expectNoAxeViolations(container);
    },
  );

  it("a used or expired link says so, like every mail link", async () => {
    const user = userEvent.setup();
    await renderApp(<SecureAccountPage />, {
      route: "/konto/sichern?token=used",
      language: "en",
      api: {
        secureAccountByToken: () =>
          fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "secureToken" }])),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Secure my account" }));
    expect(await findByQa("secure-account-error")).toHaveTextContent(
      /invalid, was already used or has expired/,
    );
  });
});

// Issue 46: a used or invalid link says so on opening, instead of a button that cannot work.
describe("a one-click link that no longer works says so on opening", () => {
  const pages = [
    [
      "cancelMailChange",
      CancelMailAddressChangePage,
      "/konto/email-aenderung-abbrechen",
      "cancel-mail-address-change",
    ],
    [
      "revertMail",
      RevertMailAddressPage,
      "/konto/email-aenderung-zuruecknehmen",
      "revert-mail-address",
    ],
    ["secureAccount", SecureAccountPage, "/konto/sichern", "secure-account"],
  ] as const;

  it.each(pages)("%s: used", async (link, Page, path, qa) => {
    const { api } = await renderApp(<Page />, {
      route: `${path}?token=spent`,
      language: "en",
      api: { checkOneClickLink: () => answer({ status: "used" as const }) },
    });
    expect(await findByQa(`${qa}-used-notice`)).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
    expect(afterCheck(api.calls, link, "spent")).toEqual([]);
  });

  it.each(pages)("%s: invalid", async (link, Page, path, qa) => {
    const { api } = await renderApp(<Page />, {
      route: `${path}?token=unknown`,
      language: "en",
      api: { checkOneClickLink: () => answer({ status: "invalid" as const }) },
    });
    expect(await findByQa(`${qa}-error`)).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
    expect(afterCheck(api.calls, link, "unknown")).toEqual([]);
  });

  it.each([
    ["de", "Ihr Konto ist bereits gesichert"],
    ["en", "Your account is already secured"],
    ["fr", "Votre compte est déjà sécurisé"],
  ])("%s: a used secure link says the account is already secured", async (language, title) => {
    await renderApp(<SecureAccountPage />, {
      route: "/konto/sichern?token=spent",
      language,
      api: { checkOneClickLink: () => answer({ status: "used" as const }) },
    });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.queryByText(/Account not secured|nicht gesichert|non sécurisé/)).toBeNull();
    expect(await findByQa("secure-account-set-password")).toHaveAttribute(
      "href",
      "/passwort-vergessen",
    );
  });

  it("a second click on a secure link spent meanwhile (another tab) says the account is secured", async () => {
    const user = userEvent.setup();
    let checks = 0;
    await renderApp(<SecureAccountPage />, {
      route: "/konto/sichern?token=tok-3",
      language: "en",
      api: {
        checkOneClickLink: () => answer({ status: checks++ === 0 ? "valid" : "used" } as const),
        secureAccountByToken: () =>
          fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "secureToken" }])),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Secure my account" }));
    expect(
      await screen.findByRole("heading", { name: "Your account is already secured" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Account not secured")).toBeNull();
  });
});
