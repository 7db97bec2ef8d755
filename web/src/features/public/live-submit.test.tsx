import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import PasswordForgottenPage from "./password-forgotten-page.js";
import PasswordResetPage from "./password-reset-page.js";
import RegisterMembersPage from "./register-members-page.js";
import RegisterPage from "./register-page.js";

// The public forms never hide why they cannot be sent (issue 15): their submit button stays
// enabled, a submit of invalid values shows every unmet field's message and moves the focus
// to the first one, and nothing is sent. Messages otherwise still wait for blur and change
// (spec section 5).

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

describe("password forgotten: submit says why", () => {
  it("a click straight from a valid address submits", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordForgottenPage />, {
      path: "/",
      api: { requestPasswordResetMail: () => answer(undefined) },
      extraRoutes: [{ path: "/passwort-vergessen/danke", element: <p>gesendet</p> }],
    });
    await user.type(qa("password-forgotten-email"), "erika@example.de");
    expect(qa("password-forgotten-email")).toHaveFocus();
    expect(errorOf("password-forgotten-email")).toBeNull();
    // From the field to the button in one move: the blur must not swallow the click.
    await user.click(qa("password-forgotten-submit"));
    expect(await screen.findByText("gesendet")).toBeInTheDocument();
    expect(api.calls[0]?.args).toEqual([{ email: "erika@example.de" }]);
  });

  it("too many requests: the dialog says how long to wait, not 'try again later' (issue 46)", async () => {
    const user = userEvent.setup();
    await renderApp(<PasswordForgottenPage />, {
      api: {
        requestPasswordResetMail: () =>
          fail({ ...failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }]), retryAfterSeconds: 2100 }),
      },
    });
    await user.type(qa("password-forgotten-email"), "erika@example.de");
    await user.click(qa("password-forgotten-submit"));
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Bitte versuchen Sie es in 35 Minuten erneut.",
    );
  });

  it("a wrong address: submit shows its message, focuses the field and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordForgottenPage />);
    await user.type(qa("password-forgotten-email"), "erika@");
    expect(errorOf("password-forgotten-email")).toBeNull();
    expect(qa("password-forgotten-submit")).toBeEnabled();
    await user.click(qa("password-forgotten-submit"));
    expect(
      await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."),
    ).toBeVisible();
    await waitFor(() => expect(qa("password-forgotten-email")).toHaveFocus());
    expect(api.calls).toEqual([]);
  });
});

describe("password reset: submit says why", () => {
  const route = "/passwort-zuruecksetzen?passwordResetToken=t1";

  it("a differing repetition: submit shows its message and focuses it", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordResetPage />, {
      route,
      api: { checkPasswordResetToken: () => answer({ valid: true }) },
    });
    await findByQa("password-reset-form");
    await paste(user, "password-reset-new-password", "Sommer2024!xy");
    await user.type(qa("password-reset-confirmation-password"), "Sommer2024!xz");
    expect(errorOf("password-reset-confirmation-password")).toBeNull();
    await user.click(qa("password-reset-submit"));
    await waitFor(() => expect(errorOf("password-reset-confirmation-password")).not.toBeNull());
    await waitFor(() => expect(qa("password-reset-confirmation-password")).toHaveFocus());
    expect(api.calls.map((c) => c.method)).toEqual(["checkPasswordResetToken"]);
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

describe("registration: submit says why", () => {
  it("only the terms unticked: submit shows the terms' message and focuses the box", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, false);
    await user.click(qa("register-terms")); // unticked again
    await user.type(qa("register-confirmation-password"), "Sommer2024!xy");
    expect(qa("register-submit")).toBeEnabled();
    await user.click(qa("register-submit"));
    await waitFor(() => expect(errorOf("register-terms")).not.toBeNull());
    expect(errorOf("register-email")).toBeNull();
    await waitFor(() => expect(qa("register-terms")).toHaveFocus());
  });

  it("an empty form: submit shows every required field's message, focus on the first", async () => {
    const user = userEvent.setup();
    await renderApp(<RegisterPage />, { route: "/registrieren?showSmartSignup=0" });
    await findByQa("register-form");
    await user.click(qa("register-submit"));
    for (const field of [
      "register-given-name",
      "register-surname",
      "register-email",
      "register-password",
      "register-terms",
    ])
      await waitFor(() => expect(errorOf(field)).not.toBeNull());
    const invalid = document.querySelector('[data-qa="register-form"] [aria-invalid="true"]');
    await waitFor(() => expect(invalid).toHaveFocus());
  });

  it("member variant: a letter in the membership ID is named on submit", async () => {
    const user = userEvent.setup();
    await openFilledRegistration(user, true);
    await paste(user, "register-confirmation-password", "Sommer2024!xy");
    await paste(user, "register-mitgliedsnummer", "123456");
    await paste(user, "register-personal-password", "pers");
    await paste(user, "register-general-password", "allg");
    await user.type(qa("register-mitgliedskennung"), "65432a");
    expect(errorOf("register-mitgliedskennung")).toBeNull();
    await user.click(qa("register-submit"));
    await waitFor(() => expect(errorOf("register-mitgliedskennung")).not.toBeNull());
    await waitFor(() => expect(qa("register-mitgliedskennung")).toHaveFocus());
  });
});
