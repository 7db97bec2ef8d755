import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import ChangePasswordPage from "./change-password-page.js";
import ChangePasswordSuccessPage from "./change-password-success-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "./test/account-fixtures.js";

const successRoute = {
  path: "/konto/passwort-aendern/danke",
  element: <ChangePasswordSuccessPage />,
};

type User = ReturnType<typeof userEvent.setup>;
// Pasting keeps the tests fast: each keystroke would re-run the password policy.
const enter = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
const fill = async (user: User, next = "Sommer!2024xy") => {
  await enter(user, await findQa("change-password-old"), "Alt-Passwort1");
  await enter(user, qa("change-password-new"), next);
  await enter(user, qa("change-password-confirmation"), next);
  await user.tab();
};

describe("password change (/konto/passwort-aendern)", () => {
  it("shows the requirement hints and the strength meter, then changes the password", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: { getMe: () => answer(storedPerson), changePassword: () => answer(undefined) },
    });
    await enter(user, await findQa("change-password-new"), "abc");
    expect(qa("change-password-new-hints")).toBeInTheDocument();
    expect(qa("change-password-new-hint-minLength")).toHaveAttribute("data-met", "false");
    expect(qa("change-password-new-strength").querySelector("[role=meter]")).toHaveAttribute(
      "data-colour",
      "red",
    );
    await user.clear(qa("change-password-new"));
    await fill(user);
    expect(qa("change-password-new-hint-minLength")).toHaveAttribute("data-met", "true");
    await expectNoAxeViolations(container);
    await user.click(qa("change-password-submit"));
    expect(await findQa("change-password-success-page")).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "changePassword")?.args).toEqual([
      { oldPassword: "Alt-Passwort1", newPassword: "Sommer!2024xy" },
    ]);
  }, 20_000);

  it("enables the submit button once the last field is filled, before leaving it", async () => {
    const user = userEvent.setup();
    await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await enter(user, await findQa("change-password-old"), "Alt-Passwort1");
    await enter(user, qa("change-password-new"), "Sommer!2024xy");
    expect(qa("change-password-submit")).toBeDisabled();
    await enter(user, qa("change-password-confirmation"), "Sommer!2024xy");
    expect(qa("change-password-confirmation")).toHaveFocus();
    expect(qa("change-password-submit")).toBeEnabled();
    // Messages still wait for blur: nothing is shown for the field being typed in.
    expect(queryQa("change-password-confirmation-error")).toBeNull();
  });

  it("refuses a new password that contains the person's name before sending", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await fill(user, "Mustermann!2024");
    // Said once, under the bar (issue 46: not also "too easy to guess, e.g. ...").
    expect(await findQa("change-password-new-refusals")).toHaveTextContent("Enthält Ihren Namen");
    expect(qa("change-password-new")).toHaveAttribute("aria-invalid", "true");
    expect(queryQa("change-password-new-error")).toBeNull();
    expect(qa("change-password-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "changePassword")).toBe(false);
  });

  // Issue 46: the current password typed as the new one showed "strong", then the server
  // refused it. The meter knows the old-password field: not allowed, and why.
  it("says the new password must differ from the current one typed above it", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await fill(user, "Alt-Passwort1");
    const bar = qa("change-password-new-strength-bar");
    expect(bar).toHaveAttribute("data-label", "notAllowed");
    expect(bar).toHaveAttribute("aria-valuetext", "Passwort nicht erlaubt");
    expect(qa("change-password-new-refusals")).toHaveTextContent(
      "Muss sich von Ihrem aktuellen Passwort unterscheiden",
    );
    // One line says it: the field is invalid, its message does not repeat it.
    expect(qa("change-password-new")).toHaveAttribute("aria-invalid", "true");
    expect(queryQa("change-password-new-error")).toBeNull();
    expect(qa("change-password-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "changePassword")).toBe(false);
    // Another current password: the same new one is fine.
    await user.clear(qa("change-password-old"));
    await enter(user, qa("change-password-old"), "Anders-Alt-7");
    expect(qa("change-password-new-strength-bar")).toHaveAttribute("data-label", "strong");
  });

  it.each([
    ["PASSWORD_INCORRECT", "Das aktuelle Passwort ist nicht korrekt.", "change-password-old"],
    ["PASSWORD_IN_HISTORY", "bereits verwendet", "change-password-new"],
    ["PASSWORD_TRIVIAL_VALUES", "zu leicht zu erraten", "change-password-new"],
  ])("shows the server code %s in the dialog, then at its field", async (code, text, field) => {
    const user = userEvent.setup();
    await renderApp(<ChangePasswordPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        changePassword: () => fail(failure(400, [{ errorCode: code }], "c-pw")),
      },
    });
    await fill(user);
    await user.click(qa("change-password-submit"));
    const dialog = await findQa("change-password-error-dialog");
    expect(within(dialog).getByText("Das hat leider nicht geklappt")).toBeInTheDocument();
    expect(dialog).toHaveTextContent(text);
    expect(dialog).toHaveTextContent("c-pw");
    expect(queryQa("change-password-success-page")).toBeNull();
    // While the dialog is open it is all that speaks.
    expect(queryQa(`${field}-error`)).toBeNull();
    await user.click(within(dialog).getByRole("button"));
    // Closed: the field at fault says the same words and has the focus.
    const error = await findQa(`${field}-error`);
    expect(error).toHaveTextContent(text);
    expect(qa(field)).toHaveFocus();
    expect(qa(field)).toHaveAttribute("aria-invalid", "true");
    expect(qa(field)).toHaveAccessibleDescription(expect.stringContaining(text));
    // A new value is a new attempt: the mark goes with the refused value.
    await user.type(qa(field), "x");
    expect(queryQa(`${field}-error`)).toBeNull();
  });
});

describe("password change success (/konto/passwort-aendern/danke)", () => {
  it("confirms the change and links back to the profile", async () => {
    const { container } = await renderApp(<ChangePasswordSuccessPage />, { claims: userClaims });
    expect(qa("change-password-success-back")).toHaveAttribute("href", "/konto");
    // Focus moves to the outcome, so screen readers announce it.
    expect(qa("change-password-success-title")).toHaveFocus();
    await expectNoAxeViolations(container);
  });
});
