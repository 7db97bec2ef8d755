import type { RegistrationPayload } from "@portal/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure, fakeWebTargets } from "../../test-support/fakes.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import RegisterMembersPage from "./register-members-page.js";
import RegisterPage from "./register-page.js";

const fill = async (user: ReturnType<typeof userEvent.setup>, withCto = false) => {
  await user.type(screen.getByLabelText(/^Vorname/), "Erika");
  await user.type(screen.getByLabelText(/^Nachname/), "Muster");
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/), "erika@example.de");
  await user.type(screen.getByLabelText(/^Passwort \*/), "Sommer2024!xy");
  await user.type(screen.getByLabelText(/^Passwort wiederholen/), "Sommer2024!xy");
  if (withCto) {
    await user.type(screen.getByLabelText(/^Mitgliedsnummer/), "123456");
    await user.type(screen.getByLabelText(/^Mitgliedskennung/), "654321");
    await user.type(screen.getByLabelText(/^Persönliches Passwort/), "pers");
    await user.type(screen.getByLabelText(/^Allgemeines Passwort/), "allg");
  }
  await user.click(screen.getByLabelText(/Ich akzeptiere die/));
  await user.tab();
};

describe("register page (spec sections 2-5)", () => {
  it("shows its frame at once; the form follows the first paint, in the room kept for it", async () => {
    const { container } = await renderApp(<RegisterPage />, { route: "/registrieren" });
    expect(screen.getByRole("heading", { name: "Registrieren" })).toBeInTheDocument();
    expect(container.querySelector('[data-qa="register-form-loading"]')).toHaveClass("form-frame");
    expect(container.querySelector('[data-qa="register-form"]')).toBeNull();
    await findByQa("register-form");
    expect(container.querySelector('[data-qa="register-form-loading"]')).toBeNull();
  });

  it("is axe-clean and shows every field; submit stays enabled", async () => {
    const { container } = await renderApp(<RegisterPage />, { route: "/registrieren" });
    await findByQa("register-form");
    // The company search (downshift) is a lazy chunk of its own.
    await screen.findByRole("combobox", { name: /^Unternehmen/ });
    for (const qa of [
      "register-salutation",
      "register-title",
      "register-given-name",
      "register-surname",
      "register-email",
      "register-password",
      "register-confirmation-password",
      "register-company",
      "register-with-cto-yes",
      "register-consent-marketing",
      "register-consent-recherche",
      "register-terms",
      "register-city",
      "register-existing-account",
      "register-back",
    ])
      expect(container.querySelector(`[data-qa="${qa}"]`)).not.toBeNull();
    // The public forms keep submit enabled; a submit of invalid values says why (issue 15).
    expect(screen.getByRole("button", { name: "Registrieren" })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it("sends the payload of section 3 and goes to register-success", async () => {
    const user = userEvent.setup();
    const sent: RegistrationPayload[] = [];
    const { api } = await renderApp(<RegisterPage />, {
      route: "/registrieren?prt=tok1",
      api: {
        register: (b) => {
          sent.push(b);
          return answer(undefined);
        },
      },
      extraRoutes: [{ path: "/registrieren/danke", element: <p>danke-seite</p> }],
    });
    await findByQa("register-form");
    await fill(user);
    const submit = screen.getByRole("button", { name: "Registrieren" });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText("danke-seite")).toBeInTheDocument();
    expect(api.calls.map((c) => c.method)).toEqual(["register"]);
    expect(sent[0]).toEqual({
      givenName: "Erika",
      surname: "Muster",
      email: "erika@example.de",
      password: "Sommer2024!xy",
      consentMarketing: "REFUSED",
      consentRecherche: "REFUSED",
      postRegistrationTargetKey: null,
      postRegistrationToken: "tok1",
      preferredLanguage: "de",
    });
  });

  it("treats a filled city field as a bot: nothing is sent", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<RegisterPage />, { route: "/registrieren" });
    await findByQa("register-form");
    await fill(user);
    const city = container.querySelector<HTMLInputElement>('[data-qa="register-city"]')!;
    await user.type(city, "Berlin");
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    expect(await screen.findByText("Vielen Dank.")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("after a member-credential failure offers correcting the details or registering without the membership ID", async () => {
    const user = userEvent.setup();
    const sent: RegistrationPayload[] = [];
    await renderApp(<RegisterMembersPage />, {
      route: "/registrieren/mitglied",
      api: {
        register: (b) => {
          sent.push(b);
          return b.ctoZugangsdaten
            ? fail(failure(400, [{ errorCode: "MITGLIEDSNUMMER_UNKNOWN" }]))
            : answer(undefined);
        },
      },
      extraRoutes: [{ path: "/registrieren/danke", element: <p>danke-seite</p> }],
    });
    await findByQa("register-form");
    expect(screen.queryByLabelText(/^Unternehmen/)).toBeNull(); // member variant hides smart signup
    await fill(user, true);
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    expect(await screen.findByText(/Die Mitgliedsnummer ist unbekannt/)).toBeInTheDocument();
    // QA #6: the focus the submit had goes to the notice, which is read at once.
    const notice = await findByQa("register-member-failure");
    await waitFor(() => expect(notice).toHaveFocus());
    // Correcting sends nothing again: the first membership field takes the focus.
    await user.click(screen.getByRole("button", { name: "Angaben korrigieren" }));
    expect(screen.getByLabelText(/^Mitgliedsnummer/)).toHaveFocus();
    expect(sent).toHaveLength(1);
    // A second attempt (here unchanged) is a new answer: the notice again, focused again.
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("data-qa")).toBe("register-member-failure"),
    );
    await user.click(screen.getByRole("button", { name: "Ohne Mitgliedskennung registrieren" }));
    expect(await screen.findByText("danke-seite")).toBeInTheDocument();
    expect(sent[0]?.ctoZugangsdaten).toEqual({
      mitgliedskennung: "654321",
      personalPassword: "pers",
      generalPassword: "allg",
    });
    expect(sent[2]?.ctoZugangsdaten).toBeUndefined();
  });

  it("opens the failure dialog on other errors", async () => {
    const user = userEvent.setup();
    await renderApp(<RegisterPage />, {
      route: "/registrieren",
      api: {
        register: () => fail(failure(409, [{ errorCode: "BACKEND_VALIDATION_ERROR" }], "c-77")),
      },
    });
    await findByQa("register-form");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveAttribute("data-qa", "register-error-dialog");
    expect(screen.getByText("Das hat leider nicht geklappt")).toBeInTheDocument();
    expect(
      screen.getByText(/Möglicherweise besteht für diese E-Mail-Adresse bereits ein Konto/),
    ).toBeInTheDocument();
    expect(screen.getByText("Fehlerreferenz: c-77")).toBeInTheDocument();
  });

  it("a refusal for too many attempts says how long to wait (issue 46)", async () => {
    const user = userEvent.setup();
    await renderApp(<RegisterPage />, {
      route: "/registrieren",
      api: {
        register: () =>
          fail({ ...failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }]), retryAfterSeconds: 2100 }),
      },
    });
    await findByQa("register-form");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Zu viele Versuche. Bitte versuchen Sie es in 35 Minuten erneut.",
    );
  });

  it("a refusal of the password (too easy to guess) stands at the password once the dialog closes", async () => {
    const user = userEvent.setup();
    await renderApp(<RegisterPage />, {
      route: "/registrieren",
      api: {
        register: () => fail(failure(400, [{ errorCode: "PASSWORD_TRIVIAL_VALUES" }], "c-78")),
      },
    });
    await findByQa("register-form");
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(/zu leicht zu erraten/);
    await user.keyboard("{Enter}");
    expect(await findByQa("register-password-error")).toHaveTextContent(/zu leicht zu erraten/);
    expect(screen.getByLabelText(/^Passwort \*/)).toHaveFocus();
  });

  it("hides smart signup with showSmartSignup=0 and keeps the invalid-prk notice", async () => {
    const user = userEvent.setup();
    await renderApp(<RegisterPage />, {
      route: "/registrieren?showSmartSignup=0&prk=nope",
      webTargets: fakeWebTargets({ MC: "https://mc.example/" }),
      api: { register: () => answer(undefined) },
      extraRoutes: [{ path: "/registrieren/danke", element: <p>danke-seite</p> }],
    });
    await findByQa("register-form");
    expect(screen.queryByLabelText(/^Unternehmen/)).toBeNull();
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Registrieren" }));
    expect(await screen.findByText("danke-seite")).toBeInTheDocument();
  });
});
