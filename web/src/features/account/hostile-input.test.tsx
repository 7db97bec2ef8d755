import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { answer } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import ProfilePage from "./profile-page.js";
import { findQa, qa, storedPerson, userClaims } from "./test/account-fixtures.js";

// Issue 14: the profile form takes core's single-line rule and the contracts' lengths,
// so pasted invisible characters or an endless number never reach the API.
const renderProfile = () =>
  renderApp(<ProfilePage />, {
    route: "/konto",
    claims: userClaims,
    api: { getMe: () => answer(storedPerson), patchMe: () => answer(storedPerson) },
  });

describe("profile form refuses hostile text", () => {
  it.each([
    ["a right-to-left override", "Einkauf\u202eNord"],
    ["a zero-width space", "Ein\u200bkauf"],
  ])("a department with %s: the message on blur, no save", async (_l, pasted) => {
    const user = userEvent.setup();
    const { api } = await renderProfile();
    await findQa("profile-form");
    await user.clear(qa("profile-department"));
    await user.click(qa("profile-department"));
    await user.paste(pasted);
    await user.tab();
    expect(
      await screen.findByText(
        "Abteilung darf keine Zeilenumbrüche, Steuer- oder unsichtbaren Zeichen enthalten.",
      ),
    ).toBeVisible();
    expect(qa("profile-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "patchMe")).toBe(false);
  });

  it("a given name with a line separator: the message on blur, no save", async () => {
    const user = userEvent.setup();
    const { api } = await renderProfile();
    await findQa("profile-form");
    await user.clear(qa("profile-given-name"));
    await user.click(qa("profile-given-name"));
    await user.paste("Erika\u2028Ruf 0900");
    await user.tab();
    expect(await findQa("profile-given-name-error")).toHaveTextContent(
      "Vorname darf keine Zeilenumbrüche, Steuer- oder unsichtbaren Zeichen enthalten.",
    );
    expect(qa("profile-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "patchMe")).toBe(false);
  });
});
