import { BASE_PATH } from "@portal/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leaveSecured, leaveSignedOut, resetSignedOutForTests } from "../../../app/signed-out.js";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure, testPerson } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import { findQa, memberClaims, qa } from "../test/account-fixtures.js";
import { SecureAccountCard } from "./secure-account-card.js";

// The page load a successful securing starts is the browser's: here it is only recorded.
vi.mock("../../../app/signed-out.js", async (original) => ({
  ...(await original<typeof import("../../../app/signed-out.js")>()),
  leaveSecured: vi.fn(),
}));

afterEach(() => {
  vi.mocked(leaveSecured).mockClear();
  resetSignedOutForTests();
  window.sessionStorage.clear();
});

/** The securing calls made (the app around the card loads the person too). */
const securing = (calls: ReadonlyArray<{ method: string }>) =>
  calls.filter((c) => c.method === "secureMyAccount");

// Issue 34: the security page's "Secure my account" does what the alerts' link does, after
// a confirmation that says this sign-in ends too.

describe("secure my account on the security page", () => {
  it.each([
    ["de", "Konto sichern", "Konto sichern?", /Ihr Konto ist gesichert/],
    ["en", "Secure my account", "Secure your account?", /Your account is secured/],
    ["fr", "Sécuriser mon compte", "Sécuriser votre compte ?", /Votre compte est sécurisé/],
  ])(
    "%s: asks first, then secures once and says what comes next",
    async (language, button, title, done) => {
      const user = userEvent.setup();
      const { api, container } = await renderApp(<SecureAccountCard />, {
        claims: memberClaims,
        language,
        api: { getMe: () => answer(testPerson), secureMyAccount: () => answer(undefined) },
      });
      await user.click(screen.getByRole("button", { name: button }));
      const dialog = await findQa("secure-account-dialog");
      expect(within(dialog).getByRole("heading")).toHaveTextContent(title);
      // Nothing happens before the confirmation; the safe choice has the focus.
      expect(securing(api.calls)).toEqual([]);
      expect(qa("secure-account-dialog-cancel")).toHaveFocus();
      await expectNoAxeViolations(container);
      await user.click(qa("secure-account-dialog-confirm"));
      expect(await findQa("secure-account-done")).toHaveTextContent(done);
      expect(qa("secure-account-done")).toHaveFocus();
      expect(securing(api.calls)).toEqual([{ method: "secureMyAccount", args: [] }]);
      expect(screen.queryByRole("button", { name: button })).toBeNull();
      await expectNoAxeViolations(container);
    },
  );

  it("cancelling (Escape) secures nothing and gives the focus back to the button", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<SecureAccountCard />, {
      claims: memberClaims,
      api: { getMe: () => answer(testPerson), secureMyAccount: () => answer(undefined) },
    });
    const open = screen.getByRole("button", { name: "Konto sichern" });
    await user.click(open);
    await findQa("secure-account-dialog");
    await user.keyboard("{Escape}");
    expect(securing(api.calls)).toEqual([]);
    expect(open).toHaveFocus();
  });

  it("a failure says so and keeps the button for another try", async () => {
    const user = userEvent.setup();
    await renderApp(<SecureAccountCard />, {
      claims: memberClaims,
      api: { getMe: () => answer(testPerson), secureMyAccount: () => fail(failure(503)) },
    });
    await user.click(screen.getByRole("button", { name: "Konto sichern" }));
    await user.click(await findQa("secure-account-dialog-confirm"));
    expect(await findQa("secure-account-failed")).toBeVisible();
    expect(screen.getByRole("button", { name: "Konto sichern" })).toBeEnabled();
  });

  // Issue 46: the confirmation showed for about 3 s, then the session check (which saw the
  // sign-in end) replaced it with the registration page and "Sign in again", which cannot
  // work before the reset. Now the browser signs out locally and the base path says the
  // account is secured (signed-out.test.tsx), and the session check keeps out of the way.
  it("on success signs the browser out for the base path's 'secured' page; the session check keeps out meanwhile", async () => {
    const user = userEvent.setup();
    let answerSecuring: (value: Awaited<ReturnType<typeof answer<undefined>>>) => void = () => {};
    await renderApp(<SecureAccountCard />, {
      claims: memberClaims,
      api: {
        getMe: () => answer(testPerson),
        secureMyAccount: () => new Promise((resolve) => (answerSecuring = resolve)),
      },
    });
    await user.click(screen.getByRole("button", { name: "Konto sichern" }));
    await user.click(await findQa("secure-account-dialog-confirm"));
    // The server ends this sign-in before it answers: the session check sees it end, on the
    // security page (a protected one, which it would leave for "You are signed out").
    window.history.replaceState(null, "", `${BASE_PATH}sicherheit`);
    leaveSignedOut(BASE_PATH);
    expect(window.sessionStorage.getItem("portal.signedOut")).toBeNull();
    expect(leaveSecured).not.toHaveBeenCalled();
    answerSecuring({ ok: true, value: undefined });
    await findQa("secure-account-done");
    expect(leaveSecured).toHaveBeenCalledWith(BASE_PATH);
  });

  it("a failed securing lets the session check sign the tab out again", async () => {
    const user = userEvent.setup();
    await renderApp(<SecureAccountCard />, {
      claims: memberClaims,
      api: { getMe: () => answer(testPerson), secureMyAccount: () => fail(failure(503)) },
    });
    await user.click(screen.getByRole("button", { name: "Konto sichern" }));
    await user.click(await findQa("secure-account-dialog-confirm"));
    await findQa("secure-account-failed");
    expect(leaveSecured).not.toHaveBeenCalled();
  });
});
