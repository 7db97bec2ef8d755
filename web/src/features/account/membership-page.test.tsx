import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, FakeIdentity, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import MembershipPage from "./membership-page.js";
import RegisterMembershipSuccessPage from "./register-membership-success-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "./test/account-fixtures.js";

const successRoute = {
  path: "/mitgliedschaft/danke",
  element: <RegisterMembershipSuccessPage />,
};

type User = ReturnType<typeof userEvent.setup>;
const fill = async (user: User) => {
  await user.type(await findQa("membership-mitgliedskennung"), "4711");
  await user.type(qa("membership-personal-password"), "persoenlich");
  await user.type(qa("membership-general-password"), "allgemein");
  await user.tab();
};

describe("membership (/mitgliedschaft)", () => {
  it("assigns the membership ID and shows the member number and ID on the success page", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<MembershipPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        registerMembership: () => answer({ memberNumber: "1234567", mitgliedskennung: "4711" }),
      },
    });
    const submit = await findQa("membership-upgrade");
    await waitFor(() => expect(submit).toBeDisabled());
    await expectNoAxeViolations(container);
    await fill(user);
    await user.click(qa("membership-upgrade"));
    expect(await findQa("register-membership-success-member-number")).toHaveTextContent("1234567");
    expect(qa("register-membership-success-mitgliedskennung")).toHaveTextContent("4711");
    expect(qa("register-membership-success-background")).toHaveTextContent(
      "im Hintergrund aktualisiert",
    );
    expect(api.calls.find((c) => c.method === "registerMembership")?.args).toEqual([
      { mitgliedskennung: "4711", personalPassword: "persoenlich", generalPassword: "allgemein" },
    ]);
  }, 20_000);

  // Issue 29: once linked, the page showed the current ID above an empty required form.
  it("shows a linked membership as a status and offers the form only to change it", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer({ ...storedPerson, memberNumber: "1234567", mitgliedskennung: "4711" }),
      },
    });
    expect(await findQa("membership-current-member-number")).toHaveTextContent("1234567");
    expect(qa("membership-current-mitgliedskennung")).toHaveTextContent("4711");
    expect(qa("membership-page")).toHaveTextContent(
      "Ihr Konto ist mit dieser Mitgliedschaft verknüpft.",
    );
    expect(queryQa("membership-form")).toBeNull();
    await expectNoAxeViolations(container);
    await user.click(qa("membership-change"));
    expect(qa("membership-form")).toBeInTheDocument();
    expect(qa("membership-update")).toHaveTextContent("aktualisieren");
    expect(qa("membership-mitgliedskennung")).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.click(qa("membership-change-cancel"));
    expect(queryQa("membership-form")).toBeNull();
    expect(qa("membership-change")).toHaveFocus();
  });

  it("accepts only digits as membership ID", async () => {
    const user = userEvent.setup();
    await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await user.type(await findQa("membership-mitgliedskennung"), "47a1");
    await user.tab();
    expect(await findQa("membership-mitgliedskennung-error")).toBeInTheDocument();
  });

  it.each([
    "MITGLIEDSKENNUNG_ALREADY_REGISTERED",
    "CTO_ZUGANGSDATEN_INVALID",
    "MITGLIEDSKENNUNG_LOCKED",
    "MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM",
    "MITGLIEDSNUMMER_UNKNOWN",
    "MITGLIEDSNUMMER_NO_LONGER_VALID",
    "MITGLIEDSNUMMER_NOT_YET_VALID",
  ])("shows the member-credential code %s with its text on the page", async (code) => {
    const user = userEvent.setup();
    const { i18n } = await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        registerMembership: () => fail(failure(400, [{ errorCode: code }], "c-m")),
      },
    });
    await fill(user);
    await user.click(qa("membership-upgrade"));
    const item = await findQa(`membership-credential-error-${code}`);
    expect(item).toHaveTextContent(i18n.t(`errors:HttpErrorMessages.${code}`));
    expect(qa("membership-credential-error-correlation-id")).toHaveTextContent("c-m");
    expect(queryQa("failure-dialog")).toBeNull();
  });

  it("opens the failure dialog for other failures", async () => {
    const user = userEvent.setup();
    await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        registerMembership: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }], "c-x")),
      },
    });
    await fill(user);
    await user.click(qa("membership-upgrade"));
    expect(await findQa("register-membership-error-dialog")).toHaveTextContent("c-x");
    expect(queryQa("membership-credential-error")).toBeNull();
  });
});

describe("membership: an error code the client does not know", () => {
  it("reads as the Default text in the dialog, never as the raw key", async () => {
    const user = userEvent.setup();
    await renderApp(<MembershipPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        registerMembership: () => fail(failure(400, [{ errorCode: "SOMETHING_NEW" }], "c-u")),
      },
    });
    await fill(user);
    await user.click(qa("membership-upgrade"));
    const dialog = await findQa("register-membership-error-dialog");
    expect(dialog).toHaveTextContent("Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.");
    expect(dialog).not.toHaveTextContent("HttpErrorMessages");
  });
});

describe("membership success (/mitgliedschaft/danke)", () => {
  it("opened directly (no assignment happened) goes to the membership page", async () => {
    await renderApp(<RegisterMembershipSuccessPage />, {
      entries: [{ pathname: "/mitgliedschaft/danke" }],
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
      extraRoutes: [{ path: "/mitgliedschaft", element: <p>mitgliedschaft-seite</p> }],
    });
    expect(await screen.findByText("mitgliedschaft-seite")).toBeInTheDocument();
    expect(queryQa("register-membership-success")).toBeNull();
  });

  it("falls back to the stored person's numbers when reached without them", async () => {
    await renderApp(<RegisterMembershipSuccessPage />, {
      entries: [{ pathname: "/mitgliedschaft/danke", state: { done: true } }],
      claims: userClaims,
      api: {
        getMe: () => answer({ ...storedPerson, memberNumber: "7654321", mitgliedskennung: "99" }),
      },
    });
    expect(await findQa("register-membership-success-member-number")).toHaveTextContent("7654321");
    expect(qa("register-membership-success-mitgliedskennung")).toHaveTextContent("99");
  });

  // Issue 29: "sign in again" went through sign-out and the registration page; now one
  // fresh sign-in that comes back to the membership page with the member's claims.
  it("signs in again (prompt=login) back to the membership page, without signing out", async () => {
    const user = userEvent.setup();
    const identity = new FakeIdentity({ ...userClaims, email: "erika@example.de" });
    const { container } = await renderApp(<RegisterMembershipSuccessPage />, {
      entries: [{ pathname: "/mitgliedschaft/danke", state: { done: true } }],
      identity,
      api: { getMe: () => answer(storedPerson) },
    });
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Erneut anmelden" }));
    expect(identity.logouts).toHaveLength(0);
    expect(identity.logins).toEqual([
      {
        prompt: "login",
        redirectUri: `${window.location.origin}/benutzerverwaltung/mitgliedschaft`,
        loginHint: "erika@example.de",
      },
    ]);
  });
});
