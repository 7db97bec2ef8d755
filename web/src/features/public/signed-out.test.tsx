import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetSignedOutForTests } from "../../app/signed-out.js";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { findByQa, renderApp } from "../../test-support/render.js";
import { userClaims } from "../account/test/account-fixtures.js";
import HomePage from "./home-page.js";
import LogoutPage from "./logout-page.js";
import RegisterPage from "./register-page.js";

// Issue 29: a sign-out returns to the base path (spec), which showed an empty registration
// form and nothing that said the person was signed out.

const registerRoute = [{ path: "/registrieren", element: <RegisterPage /> }];

afterEach(() => {
  window.sessionStorage.clear();
  resetSignedOutForTests();
});

describe("after a sign-out the base path says so", () => {
  it("the sign-out marks the tab before it leaves for the provider", async () => {
    const { identity } = await renderApp(<LogoutPage />, { claims: userClaims });
    await waitFor(() => expect(identity.logouts).toHaveLength(1));
    expect(window.sessionStorage.getItem("portal.signedOut")).toBe("1");
  });

  it("the registration form the base path leads to says 'You are signed out' with a way back in", async () => {
    window.sessionStorage.setItem("portal.signedOut", "1");
    const { container } = await renderApp(<HomePage />, {
      route: "/",
      path: "/",
      claims: null,
      extraRoutes: registerRoute,
      language: "en",
    });
    const notice = await findByQa("signed-out-notice");
    expect(notice).toHaveTextContent("You are signed out.");
    expect(screen.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login");
    // The spec's route behaviour is kept: the registration form is there.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Register");
    // Taken once: a later visit is an ordinary one.
    expect(window.sessionStorage.getItem("portal.signedOut")).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("an ordinary visit to the base path shows no such notice", async () => {
    const { container } = await renderApp(<HomePage />, {
      route: "/",
      path: "/",
      claims: null,
      extraRoutes: registerRoute,
    });
    await screen.findByRole("heading", { level: 1 });
    expect(container.querySelector('[data-qa="signed-out-notice"]')).toBeNull();
  });

  // Issue 46: after "Secure my account" the base path said "You are signed out" with
  // "Sign in again", which cannot work before the reset.
  it.each([
    ["de", "Ihr Konto ist gesichert"],
    ["en", "Your account is secured"],
    ["fr", "Votre compte est sécurisé"],
  ])(
    "%s: after securing, the base path says the account is secured and the mail is the way in",
    async (language, title) => {
      window.sessionStorage.setItem("portal.signedOut", "secured");
      const { container } = await renderApp(<HomePage />, {
        route: "/",
        path: "/",
        claims: null,
        extraRoutes: registerRoute,
        language,
      });
      expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(title);
      expect(await findByQa("account-secured-set-password")).toHaveAttribute(
        "href",
        "/passwort-vergessen",
      );
      expect(container.querySelector('[data-qa="signed-out-sign-in"]')).toBeNull();
      expect(container.querySelector('a[href="/login"]')).toBeNull();
      expect(window.sessionStorage.getItem("portal.signedOut")).toBeNull();
      await expectNoAxeViolations(container);
    },
  );
});
