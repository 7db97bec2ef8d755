import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure, fakeWebTargets } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import ChangeMailAddressOptinPage from "./change-mail-address-optin-page.js";
import ConfirmAccountDeletionPage from "./confirm-account-deletion-page.js";
import PasswordForgottenPage from "./password-forgotten-page.js";
import PasswordResetPage from "./password-reset-page.js";
import RegisterOptinPage from "./register-optin-page.js";
import RegisterSuccessPage from "./register-success-page.js";

describe("register opt-in (spec section 4)", () => {
  it("confirms, fetches the web target for the key, tracks the event and offers the login", async () => {
    const { api, analytics, identity, container } = await renderApp(<RegisterOptinPage />, {
      route: "/registrierung-bestaetigen?optinId=abc&prk=shop&prt=tok9",
      api: { confirmMailAddress: () => answer(undefined) },
      webTargets: fakeWebTargets({ SHOP: "https://shop.example/" }),
    });
    expect(await screen.findByText("Willkommen!")).toBeInTheDocument();
    expect(api.calls[0]).toEqual({
      method: "confirmMailAddress",
      args: [{ confirmationToken: "abc" }],
    });
    // The way on carries the registration token (issue 15).
    expect(await screen.findByRole("link", { name: "Weiter zu Ihrem Angebot" })).toHaveAttribute(
      "href",
      "https://shop.example/?prt=tok9",
    );
    // Tracked from an effect after the commit that drew the link: React may run it a task later.
    await waitFor(() =>
      expect(analytics.events).toEqual([{ name: "registration-confirmed", data: { key: "SHOP" } }]),
    );
    await expectNoAxeViolations(container);
    await userEvent.setup().click(screen.getByRole("button", { name: "Anmelden" }));
    expect(identity.logins).toHaveLength(1);
    // Sign-in returns through /login with the registration's key and token, which lead on
    // to the key's web target (not the profile).
    const back = new URL(identity.logins[0]?.redirectUri ?? "");
    expect(back.pathname).toMatch(/\/login$/);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      prk: "shop",
      prt: "tok9",
      newUser: "true",
    });
  });

  it("treats optinId 123 as a fake success without a call", async () => {
    const { api } = await renderApp(<RegisterOptinPage />, {
      route: "/registrierung-bestaetigen?optinId=123",
    });
    expect(await screen.findByText("Willkommen!")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("on failure explains and leads back to the registration", async () => {
    await renderApp(<RegisterOptinPage />, {
      route: "/registrierung-bestaetigen?optinId=bad",
      api: { confirmMailAddress: () => fail(failure(400, [{ errorCode: "INVALID_OPT_IN" }])) },
    });
    expect(
      await screen.findByText("Der Aktivierungslink ist ungültig oder abgelaufen."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zurück zur Registrierung" })).toHaveAttribute(
      "href",
      "/registrieren",
    );
  });
});

describe("register success", () => {
  it("resends the opt-in mail and thanks", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<RegisterSuccessPage />, {
      api: { resendOptInMail: () => answer(undefined) },
    });
    expect(screen.getByRole("link", { name: /Zur Anmeldung/ })).toBeInTheDocument();
    // Without the address from the form there is nothing to resend.
    expect(screen.queryByRole("button", { name: "E-Mail erneut senden" })).toBeNull();
    expect(api.calls).toEqual([]);
    void user;
  });
});

describe("password forgotten and reset", () => {
  it("requests the reset mail and goes to the success page", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<PasswordForgottenPage />, {
      api: { requestPasswordResetMail: () => answer(undefined) },
      path: "/",
      extraRoutes: [{ path: "/passwort-vergessen/danke", element: <p>gesendet</p> }],
    });
    await expectNoAxeViolations(container);
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), "erika@example.de");
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Link anfordern" }));
    expect(await screen.findByText("gesendet")).toBeInTheDocument();
    expect(api.calls[0]?.args).toEqual([{ email: "erika@example.de" }]);
  });

  it("shows the first validation error on blur", async () => {
    const user = userEvent.setup();
    await renderApp(<PasswordForgottenPage />);
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), "nope");
    expect(screen.queryByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeNull(); // not on input
    await user.tab();
    expect(
      await screen.findByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."),
    ).toBeInTheDocument();
  });

  // Issue 29: the server now refuses "" and "a b" (400 EMAIL_NOT_VALID); the form says so at
  // the field first and never sends them.
  it.each([
    ["a b", "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    ["   ", "E-Mail-Adresse ist ein Pflichtfeld."],
  ])("marks %j at the field on submit and sends nothing", async (typed, message) => {
    const user = userEvent.setup();
    const { api } = await renderApp(<PasswordForgottenPage />, {
      api: { requestPasswordResetMail: () => answer(undefined) },
    });
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), typed);
    await user.click(screen.getByRole("button", { name: "Link anfordern" }));
    const field = screen.getByLabelText(/^E-Mail-Adresse/);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("sets a new password with the token, showing hints and the meter", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<PasswordResetPage />, {
      route: "/passwort-zuruecksetzen?passwordResetToken=t1",
      api: {
        checkPasswordResetToken: () => answer({ valid: true }),
        resetPassword: () => answer(undefined),
      },
      extraRoutes: [{ path: "/passwort-zuruecksetzen/danke", element: <p>gespeichert</p> }],
    });
    await findByQa("password-reset-form");
    const pw = container.querySelector<HTMLInputElement>(
      '[data-qa="password-reset-new-password"]',
    )!;
    await user.type(pw, "Sommer2024!xy");
    expect(
      container.querySelector('[data-qa="password-reset-new-password-strength"]'),
    ).not.toBeNull();
    expect(
      container.querySelector('[data-qa="password-reset-new-password-hint-minLength"]'),
    ).toHaveAttribute("data-met", "true");
    await user.click(screen.getAllByRole("button", { name: "Passwort anzeigen" })[0]!);
    expect(pw).toHaveAttribute("type", "text");
    await user.type(
      container.querySelector<HTMLInputElement>(
        '[data-qa="password-reset-confirmation-password"]',
      )!,
      "Sommer2024!xy",
    );
    await user.tab();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    expect(await screen.findByText("gespeichert")).toBeInTheDocument();
    expect(api.calls.map((c) => [c.method, c.args])).toEqual([
      // The link is checked once as the page opens (not used up), then used.
      [
        "checkPasswordResetToken",
        [{ passwordResetToken: "t1" }, { signal: expect.any(AbortSignal) }],
      ],
      ["resetPassword", [{ passwordResetToken: "t1", newPassword: "Sommer2024!xy" }]],
    ]);
  });
});

describe("account deletion link (issue 29: mail gateways open links by themselves)", () => {
  it("names the account and deletes nothing before the last, red click; then deletes once", async () => {
    let answerNow: () => void = () => undefined;
    const { api, container, i18n } = await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=tok-2",
      api: {
        checkDeletionToken: () => answer({ valid: true, maskedEmail: "ma•••@example.com" }),
        confirmDeletion: () =>
          new Promise((resolve) => {
            answerNow = () => resolve({ ok: true, value: undefined });
          }),
      },
    });
    expect(await screen.findByText(/das Konto ma•••@example\.com zu löschen/)).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Mein Konto endgültig löschen" });
    expect(button).toHaveClass("btn--danger");
    expect(screen.getByRole("link", { name: "Konto behalten" })).toHaveAttribute("href", "/konto");
    expect(api.calls).toEqual([
      {
        method: "checkDeletionToken",
        args: [{ optOutToken: "tok-2" }, { signal: expect.any(AbortSignal) }],
      },
    ]);
    await expectNoAxeViolations(container);
    await userEvent.setup().click(button);
    expect(button).toBeDisabled();
    act(() => answerNow());
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Konto gelöscht");
    // Whoever did not ask for it knows whom to write to (issue 46).
    expect(screen.getByRole("link", { name: "kundenservice@association.example" })).toHaveAttribute(
      "href",
      "mailto:kundenservice@association.example",
    );
    await expectNoAxeViolations(container);
    // A language switch renders the page again: no second call.
    await act(() => i18n.changeLanguage("en"));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Account deleted");
    expect(api.calls.map((c) => c.method)).toEqual(["checkDeletionToken", "confirmDeletion"]);
    await act(() => i18n.changeLanguage("de"));
  });

  it("a used or expired link says so at once, without a deletion call", async () => {
    const { api } = await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=old",
      api: { checkDeletionToken: () => answer({ valid: false }) },
    });
    expect(await screen.findByText(/Der Link ist ungültig oder abgelaufen/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mein Konto endgültig löschen" })).toBeNull();
    expect(api.calls.map((c) => c.method)).toEqual(["checkDeletionToken"]);
  });

  it("a failed check still asks (without the address) and the click tells", async () => {
    await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=tok-3",
      api: {
        checkDeletionToken: () => fail(failure(429)),
        confirmDeletion: () => answer(undefined),
      },
    });
    expect(await screen.findByText("Sie sind dabei, Ihr Konto zu löschen.")).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole("button", { name: "Mein Konto endgültig löschen" }));
    expect(await screen.findByText("Konto gelöscht")).toBeInTheDocument();
  });

  it("the spec's fake-success token asks too, and succeeds on the click without a call", async () => {
    const { api } = await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=%23%23123%23%23",
    });
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Mein Konto endgültig löschen" }));
    expect(await screen.findByText("Konto gelöscht")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe("public confirmation pages", () => {
  it.each([
    [
      "change-mail",
      <ChangeMailAddressOptinPage key="m" />,
      "?optinId=123",
      "E-Mail-Adresse bestätigt",
    ],
  ])("%s: fake-success token needs no call", async (_n, page, query, text) => {
    const { api } = await renderApp(page, { route: `/x${query}` });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it.each([
    [
      "change-mail",
      <ChangeMailAddressOptinPage key="m" />,
      "?optinId=tok-1",
      "confirmMailAddress",
      { confirmationToken: "tok-1" },
      "change-mail-address-optin",
      "E-mail address confirmed",
    ],
  ] as const)(
    "%s: shows a loading state, confirms the token once and stays confirmed across re-renders",
    async (_n, page, query, method, args, qa, englishTitle) => {
      let answerNow: () => void = () => undefined;
      const { api, i18n, container } = await renderApp(page, {
        route: `/x${query}`,
        api: {
          [method]: () =>
            new Promise((resolve) => {
              answerNow = () => resolve({ ok: true, value: undefined });
            }),
        },
      });
      expect(container.querySelector(`[data-qa="${qa}-loading"]`)).not.toBeNull();
      act(() => answerNow());
      expect(await screen.findByRole("heading", { level: 1 })).toHaveAttribute(
        "id",
        `${qa}-success-title`,
      );
      // A language switch renders the page again with new callbacks: no second call.
      await act(() => i18n.changeLanguage("en"));
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(englishTitle);
      expect(api.calls).toEqual([{ method, args: [args] }]);
      await act(() => i18n.changeLanguage("de"));
    },
  );

  it("e-mail change failure explains and links back to the profile", async () => {
    await renderApp(<ChangeMailAddressOptinPage />, {
      route: "/x?optinId=bad",
      api: { confirmMailAddress: () => fail(failure(400)) },
    });
    expect(
      await screen.findByText("Der Bestätigungslink ist ungültig oder abgelaufen."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zum Profil" })).toHaveAttribute("href", "/konto");
  });

  it("deletion failure links back to the profile", async () => {
    await renderApp(<ConfirmAccountDeletionPage />, {
      route: "/x?optoutId=bad",
      api: {
        checkDeletionToken: () => answer({ valid: true, maskedEmail: "ma•••@example.com" }),
        confirmDeletion: () => fail(failure(400)),
      },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: "Mein Konto endgültig löschen" }));
    expect(await screen.findByText(/Der Link ist ungültig oder abgelaufen/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Zum Profil" })).toHaveAttribute("href", "/konto"),
    );
  });

  it("e-mail change success asks to log in again", async () => {
    const { api, identity } = await renderApp(<ChangeMailAddressOptinPage />, {
      route: "/x?optinId=tok",
      api: { confirmMailAddress: () => answer(undefined) },
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Erneut anmelden" }));
    expect(api.calls[0]?.args).toEqual([{ confirmationToken: "tok" }]);
    // The provider's sign-in form, whatever session the browser has, and back to the
    // profile afterwards (issue 15: a plain logout ended on the registration form).
    expect(identity.logins).toHaveLength(1);
    expect(identity.logins[0]?.prompt).toBe("login");
    expect(new URL(identity.logins[0]?.redirectUri ?? "").pathname).toMatch(/\/konto$/);
  });
});
