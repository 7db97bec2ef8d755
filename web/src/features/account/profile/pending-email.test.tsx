import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ProfilePage from "../profile-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "../test/account-fixtures.js";

// Issue 29: the profile showed a pending e-mail change with only "send again"; a change
// the person did not ask for could not be stopped there.

const renderPending = (cancel: () => ReturnType<typeof answer<undefined>>, language = "de") =>
  renderApp(<ProfilePage />, {
    route: "/konto",
    claims: userClaims,
    language,
    api: {
      getMe: () => answer({ ...storedPerson, pendingEmail: "neu@example.de" }),
      cancelMailAddressChange: cancel,
    },
  });

describe("profile: cancel a pending e-mail change", () => {
  it("cancels with one click beside the pending address and says so", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderPending(() => answer(undefined));
    await findQa("profile-pending-email-text");
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole("button", { name: "Änderung abbrechen" }));
    const notice = await findQa("profile-pending-email-cancelled");
    expect(notice).toHaveTextContent("Die Änderung auf neu@example.de wurde abgebrochen");
    // The focus goes to the word, as the button it was on is gone.
    expect(notice).toHaveFocus();
    expect(queryQa("profile-pending-email")).toBeNull();
    expect(qa("profile-email")).toHaveTextContent("erika@example.de");
    expect(api.calls.filter((c) => c.method === "cancelMailAddressChange")).toHaveLength(1);
  });

  it.each([
    ["en", "Cancel change"],
    ["fr", "Annuler la modification"],
  ])("%s: the button's words", async (language, name) => {
    await renderPending(() => answer(undefined), language);
    expect(await screen.findByRole("button", { name })).toBeVisible();
  });

  it("nothing open any more (cancelled elsewhere): the same word, no failure", async () => {
    const user = userEvent.setup();
    await renderPending(() => fail(failure(404, [{ errorCode: "NO_OPEN_EMAIL_CHANGE" }])));
    await user.click(await screen.findByRole("button", { name: "Änderung abbrechen" }));
    expect(await findQa("profile-pending-email-cancelled")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a failure keeps the pending change and opens the failure dialog", async () => {
    const user = userEvent.setup();
    await renderPending(() => fail(failure(503)));
    await user.click(await screen.findByRole("button", { name: "Änderung abbrechen" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(qa("profile-pending-email-text")).toBeInTheDocument();
  });
});
