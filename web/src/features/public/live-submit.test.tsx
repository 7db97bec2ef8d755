import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { answer } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import PasswordForgottenPage from "./password-forgotten-page.js";
import PasswordResetPage from "./password-reset-page.js";
import RegisterMembersPage from "./register-members-page.js";
import RegisterPage from "./register-page.js";

// The submit button follows the typed values; the messages still wait for blur and change
// (spec section 5). Every case types into a field and looks at the button while the field
// still has the focus, that is before any blur.

type User = ReturnType<typeof userEvent.setup>;
const qa = (name: string) => {
  const found = document.querySelector<HTMLElement>(`[data-qa="${name}"]`);
  if (!found) throw new Error(`no element with data-qa="${name}"`);
  return found;
};
const errorOf = (name: string) => document.querySelector(`[data-qa="${name}-error"]`);
// Pasting keeps the long forms fast; the last field is always typed key by key.
const paste = async (user: User, field: string, text: string) => {
  await user.click(qa(field));
  await user.paste(text);
};

describe("password forgotten: submit follows the typed address", () => {
  it("turns on while a valid address is typed, and a click straight away submits", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordForgottenPage />, {
      path: "/",
      api: { requestPasswordResetMail: () => answer(undefined) },
      extraRoutes: [{ path: "/passwort-vergessen/danke", element: <p>gesendet</p> }],
    });
    expect(qa("password-forgotten-submit")).toBeDisabled();
    await user.type(qa("password-forgotten-email"), "erika@example.de");
    expect(qa("password-forgotten-email")).toHaveFocus();
    expect(qa("password-forgotten-submit")).toBeEnabled();
    expect(errorOf("password-forgotten-email")).toBeNull();
    // From the field to the button in one move: the blur must not swallow the click.
    await user.click(qa("password-forgotten-submit"));
    expect(await screen.findByText("gesendet")).toBeInTheDocument();
    expect(api.calls[0]?.args).toEqual([{ email: "erika@example.de" }]);
  });

  it("stays off for a wrong address, whose message waits for the blur", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordForgottenPage />);
    await user.type(qa("password-forgotten-email"), "erika@");
    expect(qa("password-forgotten-submit")).toBeDisabled();
    expect(errorOf("password-forgotten-email")).toBeNull();
    await user.tab();
    expect(
      await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."),
    ).toBeVisible();
    expect(qa("password-forgotten-submit")).toBeDisabled();
    // Corrected without leaving the field: the button follows, the old message stays until blur.
    await user.type(qa("password-forgotten-email"), "example.de");
    expect(qa("password-forgotten-submit")).toBeEnabled();
    expect(api.calls).toEqual([]);
  });
});

describe("password reset: submit follows the typed passwords", () => {
  const route = "/passwort-zuruecksetzen?passwordResetToken=t1";

  it("turns on while the repetition is typed", async () => {
    const user = userEvent.setup();
    await renderApp(<PasswordResetPage />, { route });
    await paste(user, "password-reset-new-password", "Sommer2024!xy");
    expect(qa("password-reset-submit")).toBeDisabled();
    await user.type(qa("password-reset-confirmation-password"), "Sommer2024!xy");
    expect(qa("password-reset-confirmation-password")).toHaveFocus();
    expect(qa("password-reset-submit")).toBeEnabled();
    expect(errorOf("password-reset-confirmation-password")).toBeNull();
  });

  it("stays off while the repetition differs or the password breaks the policy", async () => {
    const user = userEvent.setup();
    await renderApp(<PasswordResetPage />, { route });
    await paste(user, "password-reset-new-password", "Sommer2024!xy");
    await user.type(qa("password-reset-confirmation-password"), "Sommer2024!xz");
    expect(qa("password-reset-submit")).toBeDisabled();
    expect(errorOf("password-reset-confirmation-password")).toBeNull();

    await user.clear(qa("password-reset-new-password"));
    await user.paste("sommer");
    await user.clear(qa("password-reset-confirmation-password"));
    await user.type(qa("password-reset-confirmation-password"), "sommer");
    expect(qa("password-reset-submit")).toBeDisabled();
  });
});

const fillRegistration = async (user: User) => {
  await user.click(qa("register-terms"));
  await paste(user, "register-given-name", "Erika");
  await paste(user, "register-surname", "Muster");
  await paste(user, "register-email", "erika@example.de");
  await paste(user, "register-password", "Sommer2024!xy");
};

/** The registration form (plain or member variant) with every person field filled. */
const openFilledRegistration = async (user: User, member: boolean) => {
  if (member) await renderApp(<RegisterMembersPage />, { route: "/registrieren/mitglied" });
  else await renderApp(<RegisterPage />, { route: "/registrieren?showSmartSignup=0" });
  await findByQa("register-form");
  await fillRegistration(user);
};

describe("registration: submit follows the typed values", () => {
  it("turns on while the last field is typed", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, false);
    expect(qa("register-submit")).toBeDisabled();
    await user.type(qa("register-confirmation-password"), "Sommer2024!xy");
    expect(qa("register-confirmation-password")).toHaveFocus();
    expect(qa("register-submit")).toBeEnabled();
    expect(errorOf("register-confirmation-password")).toBeNull();
  });

  it("stays off for a wrong e-mail address and without the terms", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, false);
    await user.clear(qa("register-email"));
    await user.type(qa("register-email"), "erika@example");
    await paste(user, "register-confirmation-password", "Sommer2024!xy");
    expect(qa("register-submit")).toBeDisabled();

    await user.clear(qa("register-email"));
    await user.type(qa("register-email"), "erika@example.de");
    expect(qa("register-submit")).toBeEnabled();
    await user.click(qa("register-terms")); // unticked again
    expect(qa("register-submit")).toBeDisabled();
  });

  it("member variant: turns on while the last membership field is typed", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, true);
    await paste(user, "register-confirmation-password", "Sommer2024!xy");
    await paste(user, "register-mitgliedsnummer", "123456");
    await paste(user, "register-mitgliedskennung", "654321");
    await paste(user, "register-personal-password", "pers");
    expect(qa("register-submit")).toBeDisabled();
    await user.type(qa("register-general-password"), "allg");
    expect(qa("register-general-password")).toHaveFocus();
    expect(qa("register-submit")).toBeEnabled();
    expect(errorOf("register-general-password")).toBeNull();
  });

  it("member variant: stays off while a letter sits in the membership ID", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, true);
    await paste(user, "register-confirmation-password", "Sommer2024!xy");
    await paste(user, "register-mitgliedsnummer", "123456");
    await paste(user, "register-personal-password", "pers");
    await paste(user, "register-general-password", "allg");
    await user.type(qa("register-mitgliedskennung"), "65432a");
    expect(qa("register-submit")).toBeDisabled();
    expect(errorOf("register-mitgliedskennung")).toBeNull();
  });
});
