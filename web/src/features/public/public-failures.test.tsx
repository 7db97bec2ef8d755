import { AUTOCOMPLETE_DELAY_MS } from "@portal/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { RESEND_COOLDOWN_SECONDS } from "../../components/resend-mail.js";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure, fakeCompanySearch } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import PasswordForgottenSuccessPage from "./password-forgotten-success-page.js";
import PasswordResetPage from "./password-reset-page.js";
import RegisterOptinPage from "./register-optin-page.js";
import RegisterPage from "./register-page.js";
import RegisterSuccessPage from "./register-success-page.js";

/** Starts a page at `route` with router state, as a navigation from the form would. */
const withState = (route: string, state: unknown) => [{ pathname: route, state }] as const;

describe("resend and failure paths of the public pages", () => {
  it("register success: resend thanks; a failed resend opens the dialog", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup();
    let ok = true;
    const { api } = await renderApp(<RegisterSuccessPage />, {
      entries: withState("/registrieren/danke", { email: "erika@example.de" }),
      api: { resendOptInMail: () => (ok ? answer(undefined) : fail(failure(500, null, "c-1"))) },
    });
    await user.click(screen.getByRole("button", { name: "E-Mail erneut senden" }));
    expect(
      await screen.findByText("Vielen Dank! Wir haben Ihnen die E-Mail erneut geschickt."),
    ).toBeInTheDocument();
    expect(api.calls[0]?.args).toEqual([{ email: "erika@example.de" }]);
    ok = false;
    // After the resend's wait (issue 29; resend-mail.test.tsx counts it down).
    await act(async () => {
      vi.advanceTimersByTime(RESEND_COOLDOWN_SECONDS * 1000);
    });
    await user.click(screen.getByRole("button", { name: "E-Mail erneut senden" }));
    expect(await screen.findByRole("dialog")).toHaveAttribute(
      "data-qa",
      "resend-optin-error-dialog",
    );
  });

  it("password forgotten success: resend confirms without telling whether an account exists", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<PasswordForgottenSuccessPage />, {
      entries: withState("/passwort-vergessen/danke", { email: "x@example.de" }),
      api: { requestPasswordResetMail: () => answer(undefined) },
    });
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "E-Mail erneut senden" }));
    expect(await screen.findByText("Die E-Mail wurde erneut gesendet.")).toBeInTheDocument();
  });

  it("password reset: a failure reads 'Unfortunately this did not work' with the code's text", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<PasswordResetPage />, {
      route: "/passwort-zuruecksetzen?passwordResetToken=t1",
      api: {
        checkPasswordResetToken: () => answer({ valid: true }),
        resetPassword: () => fail(failure(400, [{ errorCode: "PASSWORD_IN_HISTORY" }], "c-9")),
      },
    });
    await findByQa("password-reset-form");
    await user.type(
      container.querySelector<HTMLInputElement>('[data-qa="password-reset-new-password"]')!,
      "Sommer2024!xy",
    );
    await user.type(
      container.querySelector<HTMLInputElement>(
        '[data-qa="password-reset-confirmation-password"]',
      )!,
      "Sommer2024!xy",
    );
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Passwort speichern" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveAttribute("data-qa", "password-reset-error-dialog");
    expect(screen.getByText("Das hat leider nicht geklappt")).toBeInTheDocument();
    expect(screen.getByText(/Dieses Passwort haben Sie bereits verwendet/)).toBeInTheDocument();
    // The refusal is the new password's: closed, the dialog's words stand at that field.
    await user.click(within(dialog).getByRole("button"));
    const field = container.querySelector<HTMLInputElement>(
      '[data-qa="password-reset-new-password"]',
    )!;
    expect(await findByQa("password-reset-new-password-error")).toHaveTextContent(
      /Dieses Passwort haben Sie bereits verwendet/,
    );
    expect(field).toHaveFocus();
  });

  // The check answers { valid: false } for a used, expired or unknown link (a question's
  // answer: no failed request in the console); a token no mail carries (too long, a line
  // break) is refused by the body's check with the reset's 400 INVALID_OPT_IN.
  it.each([
    ["a used, expired or unknown link ({ valid: false })", () => answer({ valid: false })],
    [
      "a token no mail carries (400 INVALID_OPT_IN)",
      () => fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "passwordResetToken" }])),
    ],
  ] as const)(
    "password reset: %s says so when the page opens, with a new link as the way out",
    async (_, check) => {
      const { api, container } = await renderApp(<PasswordResetPage />, {
        route: "/passwort-zuruecksetzen?passwordResetToken=used",
        api: { checkPasswordResetToken: check },
      });
      expect(await findByQa("password-reset-link-unusable")).toHaveTextContent(
        "Der Link zum Zurücksetzen Ihres Passworts wurde bereits verwendet oder ist abgelaufen",
      );
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
        "Dieser Link ist nicht mehr gültig",
      );
      expect(screen.getByRole("link", { name: "Neuen Link anfordern" })).toHaveAttribute(
        "href",
        "/passwort-vergessen",
      );
      expect(container.textContent).not.toMatch(/Aktivierungslink/);
      expect(container.querySelector('[data-qa="password-reset-form"]')).toBeNull();
      expect(api.calls).toEqual([
        {
          method: "checkPasswordResetToken",
          args: [{ passwordResetToken: "used" }, { signal: expect.any(AbortSignal) }],
        },
      ]);
      await expectNoAxeViolations(container);
    },
  );

  it.each([
    ["the check fails (offline)", () => fail(failure(0, null))],
    [
      "the check is refused for now (429)",
      () => fail(failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }])),
    ],
    ["the server fails (500)", () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }]))],
  ])("password reset: when %s the form is shown (its submit tells)", async (_, check) => {
    await renderApp(<PasswordResetPage />, {
      route: "/passwort-zuruecksetzen?passwordResetToken=t1",
      api: { checkPasswordResetToken: check },
    });
    expect(await findByQa("password-reset-form")).toBeInTheDocument();
    expect(document.querySelector('[data-qa="password-reset-link-unusable"]')).toBeNull();
  });

  it("password reset: a link used up meanwhile answers the submit with the same words and way out, focus on its heading", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<PasswordResetPage />, {
      route: "/passwort-zuruecksetzen?passwordResetToken=t1",
      language: "en",
      api: {
        checkPasswordResetToken: () => answer({ valid: true }),
        resetPassword: () =>
          fail(failure(400, [{ errorCode: "INVALID_OPT_IN", field: "passwordResetToken" }])),
      },
    });
    await findByQa("password-reset-form");
    await user.type(
      container.querySelector<HTMLInputElement>('[data-qa="password-reset-new-password"]')!,
      "Sommer2024!xy",
    );
    await user.type(
      container.querySelector<HTMLInputElement>(
        '[data-qa="password-reset-confirmation-password"]',
      )!,
      "Sommer2024!xy",
    );
    await user.click(screen.getByRole("button", { name: "Save password" }));
    expect(await findByQa("password-reset-link-unusable")).toHaveTextContent(
      "The link to reset your password has already been used or has expired",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(container.textContent).not.toMatch(/activation link/);
    const heading = screen.getByRole("heading", { level: 1, name: "This link is no longer valid" });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.tab();
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveFocus();
  });

  it("password reset without a token offers a new link", async () => {
    await renderApp(<PasswordResetPage />, { route: "/passwort-zuruecksetzen" });
    expect(screen.getByRole("link", { name: "Neuen Link anfordern" })).toHaveAttribute(
      "href",
      "/passwort-vergessen",
    );
  });

  it("opt-in: a failed web-target lookup still welcomes (key null, spec section 4), without a target link", async () => {
    const { analytics } = await renderApp(<RegisterOptinPage />, {
      route: "/registrierung-bestaetigen?optinId=abc&prk=gone",
      api: { confirmMailAddress: () => answer(undefined) },
    });
    expect(await screen.findByText("Willkommen!")).toBeInTheDocument();
    await waitFor(() =>
      expect(analytics.events).toEqual([{ name: "registration-confirmed", data: { key: "" } }]),
    );
    expect(screen.queryByRole("link", { name: "Weiter zu Ihrem Angebot" })).toBeNull();
  });
});

describe("company autocomplete (spec section 5)", () => {
  it("suggests after 3 characters and 500 ms; a company counts only when chosen, by keyboard too", async () => {
    const user = userEvent.setup();
    const search = fakeCompanySearch([
      { crefonummer: "2010000001", name: "Muster GmbH" },
      { crefonummer: "2010000002", name: "Muster AG" },
    ]);
    await renderApp(<RegisterPage />, { route: "/registrieren", companySearch: search });
    const box = await screen.findByRole("combobox", { name: /^Unternehmen/ });
    // The wait runs on a fake clock the test moves; typed as change events, which start it
    // synchronously (Testing Library's own waits need real timers, put back below).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    fireEvent.change(box, { target: { value: "Mu" } });
    act(() => void vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS * 2));
    expect(search.terms).toEqual([]); // fewer than 3 characters: no lookup
    fireEvent.change(box, { target: { value: "Mus" } });
    act(() => void vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS - 1));
    expect(search.terms).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(search.terms).toEqual(["Mus"]);
    vi.useRealTimers();
    expect(await within(screen.getByRole("listbox")).findAllByRole("option")).toHaveLength(2);
    await user.tab();
    expect(
      await screen.findByText("Bitte wählen Sie ein Unternehmen aus der Vorschlagsliste."),
    ).toBeInTheDocument();
    await user.click(box);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(box).toHaveValue("Muster AG");
    await waitFor(() =>
      expect(
        screen.queryByText("Bitte wählen Sie ein Unternehmen aus der Vorschlagsliste."),
      ).toBeNull(),
    );
  });
});

describe("axe in every language", () => {
  it.each(["en", "fr"])("register page in %s", async (language) => {
    const { container } = await renderApp(<RegisterPage />, { route: "/registrieren", language });
    await screen.findByRole("combobox", { name: language === "en" ? /^Company/ : /^Entreprise/ });
    await expectNoAxeViolations(container);
  });
});
