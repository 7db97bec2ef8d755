import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ProfilePage from "../profile-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "../test/account-fixtures.js";

// Leaving the profile with unsaved changes asks first: a link of the app (here one beside
// the page, as the menu's are), the browser's Back and Forward (the memory data router's
// history) and closing or reloading the tab (beforeunload).

const renderProfile = (options: { readonly cameFrom?: string } = {}) =>
  renderApp(
    <>
      <Link to="/unternehmen" data-qa="elsewhere">
        Unternehmen
      </Link>
      <ProfilePage />
    </>,
    {
      ...(options.cameFrom
        ? { entries: [{ pathname: options.cameFrom }, { pathname: "/konto" }] }
        : { route: "/konto" }),
      claims: userClaims,
      extraRoutes: [{ path: "/unternehmen", element: <p data-qa="landed">angekommen</p> }],
      api: { getMe: () => answer(storedPerson) },
    },
  );

/** Fires the tab's closing: true when the page asked to stay (the browser's question). */
const closingAsks = () => {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("unsaved changes on the profile", () => {
  it("a link asks first; 'stay' keeps the changes, 'leave' follows the link", async () => {
    const user = userEvent.setup();
    const { container } = await renderProfile();
    await user.clear(await findQa("profile-given-name"));
    await user.type(qa("profile-given-name"), "Marta");
    await user.click(qa("elsewhere"));
    const dialog = await findQa("profile-unsaved-changes");
    expect(dialog).toHaveTextContent("Ohne Speichern verlassen?");
    expect(queryQa("landed")).toBeNull();
    await expectNoAxeViolations(container);
    // The safe choice has the focus and keeps what was typed.
    expect(qa("profile-unsaved-changes-cancel")).toHaveFocus();
    await user.click(qa("profile-unsaved-changes-cancel"));
    expect(queryQa("profile-unsaved-changes")).toBeNull();
    expect(qa("profile-given-name")).toHaveValue("Marta");

    await user.click(qa("elsewhere"));
    await user.click(
      within(await findQa("profile-unsaved-changes")).getByRole("button", {
        name: "Ohne Speichern verlassen",
      }),
    );
    expect(await screen.findByTestId("landed")).toBeInTheDocument();
  });

  it("closing or reloading the tab asks only while there are unsaved changes", async () => {
    const user = userEvent.setup();
    await renderProfile();
    await findQa("profile-given-name");
    expect(closingAsks()).toBe(false);
    await user.type(qa("profile-given-name"), "a");
    expect(closingAsks()).toBe(true);
    await user.clear(qa("profile-given-name"));
    await user.type(qa("profile-given-name"), storedPerson.givenName);
    expect(closingAsks()).toBe(false);
  });

  it("an unchanged profile lets the link go at once", async () => {
    const user = userEvent.setup();
    await renderProfile();
    await findQa("profile-given-name");
    await user.click(qa("elsewhere"));
    expect(await screen.findByTestId("landed")).toBeInTheDocument();
    expect(queryQa("profile-unsaved-changes")).toBeNull();
  });

  it("Back asks the same question as a link; 'stay' keeps the changes, 'leave' goes back", async () => {
    const user = userEvent.setup();
    const { router } = await renderProfile({ cameFrom: "/unternehmen" });
    await user.clear(await findQa("profile-given-name"));
    await user.type(qa("profile-given-name"), "Marta");
    await act(() => router.navigate(-1));
    const dialog = await findQa("profile-unsaved-changes-history");
    expect(dialog).toHaveTextContent("Ohne Speichern verlassen?");
    expect(queryQa("profile-unsaved-changes")).toBeNull();
    expect(router.state.location.pathname).toBe("/konto");
    expect(qa("profile-unsaved-changes-history-cancel")).toHaveFocus();
    await user.click(qa("profile-unsaved-changes-history-cancel"));
    expect(queryQa("profile-unsaved-changes-history")).toBeNull();
    expect(router.state.location.pathname).toBe("/konto");
    expect(qa("profile-given-name")).toHaveValue("Marta");

    await act(() => router.navigate(-1));
    await user.click(
      within(await findQa("profile-unsaved-changes-history")).getByRole("button", {
        name: "Ohne Speichern verlassen",
      }),
    );
    expect(await screen.findByTestId("landed")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/unternehmen");
  });

  it("Back from an unchanged profile goes at once", async () => {
    const { router } = await renderProfile({ cameFrom: "/unternehmen" });
    await findQa("profile-given-name");
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId("landed")).toBeInTheDocument();
    expect(queryQa("profile-unsaved-changes-history")).toBeNull();
  });
});
