import type { ConsentChange, ConsentHistory, Person } from "@portal/contracts";
import type { ApiResult } from "@portal/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { usePerson } from "../../../app/person.js";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ProfilePage from "../profile-page.js";
import {
  findQa,
  pending,
  qa,
  queryQa,
  storedPerson,
  userClaims,
} from "../test/account-fixtures.js";

// The profile's consent history: a disclosure per consent, loaded when first opened,
// newest first, each change with its time in the page's language, value, source,
// language and text version; loading, empty and failed states; loaded again after a save.

const change = (over: Partial<ConsentChange>): ConsentChange => ({
  consent: "marketing",
  value: "GIVEN",
  at: "2026-11-24T20:00:00.000Z",
  source: "profile",
  language: "de",
  textVersion: "2026-01",
  ...over,
});

const HISTORY: ConsentHistory = {
  changes: [
    change({ at: "2026-11-24T20:00:00.000Z", value: "GIVEN", source: "profile", language: "en" }),
    change({ consent: "recherche", value: "REFUSED", source: "registration" }),
    change({ at: "2024-03-05T10:00:00.000Z", value: "REFUSED", source: "registration" }),
  ],
};

const renderProfile = (
  history: () => ApiResult<ConsentHistory>,
  language = "de",
  person: Person = storedPerson,
) =>
  renderApp(
    <>
      <ProfilePage />
      <SetPerson />
    </>,
    {
      route: "/konto",
      claims: userClaims,
      language,
      api: { getMe: () => answer(person), getConsentHistory: history },
    },
  );

/** Stores a new consent change, as a successful save does. */
function SetPerson() {
  const { person, setPerson } = usePerson();
  return person ? (
    <button
      type="button"
      onClick={() =>
        setPerson({
          ...person,
          consentRecherche: "GIVEN",
          consentRechercheLastUpdatedAt: "2026-11-24T21:00:00.000Z",
        })
      }
    >
      saved
    </button>
  ) : null;
}

const open = async (kind: "marketing" | "recherche") => {
  const user = userEvent.setup();
  await user.click(await findQa(`consent-history-${kind}-toggle`));
  return user;
};

describe("consent history on the profile", () => {
  it("loads nothing until a disclosure opens, then lists that consent's changes newest first", async () => {
    const { api } = await renderProfile(() => answer(HISTORY));
    await findQa("consent-history-marketing-toggle");
    expect(api.calls.some((c) => c.method === "getConsentHistory")).toBe(false);
    expect(qa("consent-history-marketing-toggle")).toHaveTextContent("Verlauf anzeigen");

    await open("marketing");
    const list = await findQa("consent-history-marketing-list");
    expect(list).toHaveAccessibleName("Verlauf: Newsletter und Angebote");
    const entries = within(list).getAllByTestId("consent-history-entry");
    expect(entries).toHaveLength(2);
    // Newest first, in German words, the time in the page's locale (local time zone).
    const newest = new Date("2026-11-24T20:00:00.000Z");
    const expectedTime = new Intl.DateTimeFormat("de", {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(newest);
    expect(entries[0]).toHaveTextContent("Erteilt");
    expect(entries[0]).toHaveTextContent(expectedTime);
    expect(within(entries[0]!).getByText(expectedTime)).toHaveAttribute(
      "datetime",
      "2026-11-24T20:00:00.000Z",
    );
    expect(entries[0]).toHaveTextContent("Über: Profil · Sprache: Englisch · Textversion: 2026-01");
    expect(entries[1]).toHaveTextContent("Abgelehnt");
    expect(entries[1]).toHaveTextContent("Über: Registrierung · Sprache: Deutsch");
    expect(api.calls.filter((c) => c.method === "getConsentHistory")).toHaveLength(1);
  });

  it("speaks English on an English page", async () => {
    await renderProfile(() => answer(HISTORY), "en");
    await open("recherche");
    const list = await findQa("consent-history-recherche-list");
    expect(list).toHaveAccessibleName("History: Contact to verify company data");
    expect(list).toHaveTextContent("Refused");
    expect(list).toHaveTextContent("Via: Registration · Language: German · Text version: 2026-01");
  });

  it("shows a loading state, then an empty state for a consent never changed", async () => {
    let answerNow: (h: ConsentHistory) => void = () => undefined;
    await renderProfile(
      () =>
        new Promise((resolve) => {
          answerNow = (h) => resolve({ ok: true, value: h });
        }),
    );
    await open("recherche");
    expect(await findQa("consent-history-recherche-loading")).toHaveAttribute("role", "status");
    answerNow({ changes: [change({ consent: "marketing" })] });
    expect(await findQa("consent-history-recherche-empty")).toHaveTextContent(
      "Noch keine Änderung aufgezeichnet.",
    );
    expect(queryQa("consent-history-recherche-loading")).toBeNull();
  });

  it("says when the history could not be loaded and loads it again on request", async () => {
    let calls = 0;
    await renderProfile(() =>
      ++calls === 1 ? fail(failure(500, [{ errorCode: "BACKEND_ERROR" }])) : answer(HISTORY),
    );
    const user = await open("marketing");
    const failed = await findQa("consent-history-marketing-failed");
    expect(failed).toHaveAttribute("role", "alert");
    expect(failed).toHaveTextContent("Der Verlauf konnte nicht geladen werden.");
    await user.click(qa("consent-history-marketing-retry"));
    expect(await findQa("consent-history-marketing-list")).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("loads again when a save changed a consent, so the open history shows the change", async () => {
    let calls = 0;
    await renderProfile(() => {
      calls += 1;
      return answer(
        calls === 1
          ? HISTORY
          : {
              changes: [
                change({ consent: "recherche", value: "GIVEN", at: "2026-11-24T21:00:00.000Z" }),
                ...HISTORY.changes,
              ],
            },
      );
    });
    const user = await open("recherche");
    await findQa("consent-history-recherche-list");
    expect(
      within(qa("consent-history-recherche-list")).getAllByTestId("consent-history-entry"),
    ).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "saved" }));
    await waitFor(() =>
      expect(
        within(qa("consent-history-recherche-list")).getAllByTestId("consent-history-entry"),
      ).toHaveLength(2),
    );
    expect(qa("consent-history-recherche-list")).toHaveTextContent("Erteilt");
  });

  it("is a native disclosure reached with Tab, with no axe violations when open", async () => {
    // jsdom does not play a summary's Enter/Space activation; privacy.spec.ts presses Enter in
    // a real browser.
    const { container } = await renderProfile(() => answer(HISTORY));
    const toggle = await findQa("consent-history-marketing-toggle");
    expect(toggle.tagName).toBe("SUMMARY");
    expect(toggle.tabIndex).toBe(0);
    const user = userEvent.setup();
    await user.click(toggle);
    await findQa("consent-history-marketing-list");
    expect(qa("consent-history-marketing")).toHaveAttribute("open");
    await expectNoAxeViolations(container);
    await user.click(toggle);
    await waitFor(() => expect(qa("consent-history-marketing")).not.toHaveAttribute("open"));
  });

  it("keeps the save button's state: opening a history is not a form change", async () => {
    await renderProfile(() => pending());
    await open("marketing");
    expect(qa("profile-submit")).toBeDisabled();
  });
});
