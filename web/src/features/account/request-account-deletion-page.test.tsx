import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import RequestAccountDeletionPage from "./request-account-deletion-page.js";
import RequestAccountDeletionSuccessPage from "./request-account-deletion-success-page.js";
import {
  findQa,
  memberClaims,
  qa,
  queryQa,
  storedPerson,
  userClaims,
} from "./test/account-fixtures.js";

const successRoute = {
  path: "/konto/loeschen/danke",
  element: <RequestAccountDeletionSuccessPage />,
};

describe("account deletion (/konto/loeschen)", () => {
  it("asks for confirmation in a dialog, then requests the deletion mail", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => answer({ email: storedPerson.email }),
      },
    });
    await expectNoAxeViolations(container);
    const opener = qa("request-account-deletion-submit");
    await user.click(opener);
    expect(await findQa("request-account-deletion-dialog")).toHaveAttribute("aria-modal", "true");
    // Focus goes to the safe choice first.
    expect(qa("request-account-deletion-dialog-cancel")).toHaveFocus();
    await expectNoAxeViolations(container);
    expect(api.calls.some((c) => c.method === "requestDeletion")).toBe(false);
    await user.click(qa("request-account-deletion-dialog-confirm"));
    expect(await findQa("request-account-deletion-success-text")).toHaveTextContent(
      "Wir haben eine E-Mail an erika@example.de gesendet. Klicken Sie innerhalb von 10 Tagen",
    );
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);
  }, 20_000);

  it("keeps the confirmed dialog busy until the next page is there: a double click sends once (QA #7)", async () => {
    const user = userEvent.setup();
    let answerNow: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      answerNow = r;
    });
    const { api } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: async () => {
          await answered;
          return answer({ email: storedPerson.email });
        },
      },
    });
    await user.click(qa("request-account-deletion-submit"));
    await user.dblClick(await findQa("request-account-deletion-dialog-confirm"));
    // Still there, busy: the second click met the busy button, not what lies behind.
    expect(qa("request-account-deletion-dialog-confirm")).toHaveAttribute("aria-busy", "true");
    expect(qa("request-account-deletion-dialog-cancel")).toHaveAttribute("aria-disabled", "true");
    answerNow();
    expect(await findQa("request-account-deletion-success-text")).toBeInTheDocument();
    expect(queryQa("request-account-deletion-dialog")).toBeNull();
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);
  });

  it("cancelling (button or Escape) sends nothing and returns focus", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    const opener = qa("request-account-deletion-submit");
    await user.click(opener);
    await user.click(await findQa("request-account-deletion-dialog-cancel"));
    expect(queryQa("request-account-deletion-dialog")).toBeNull();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await findQa("request-account-deletion-dialog");
    await user.keyboard("{Escape}");
    expect(queryQa("request-account-deletion-dialog")).toBeNull();
    expect(api.calls.some((c) => c.method === "requestDeletion")).toBe(false);
  });

  it("opens the failure dialog with the correlation id when the request fails", async () => {
    const user = userEvent.setup();
    await renderApp(<RequestAccountDeletionPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }], "c-del")),
      },
    });
    await user.click(qa("request-account-deletion-submit"));
    await user.click(await findQa("request-account-deletion-dialog-confirm"));
    expect(await findQa("request-account-deletion-error-dialog")).toHaveTextContent("c-del");
    expect(queryQa("request-account-deletion-success-page")).toBeNull();
  });

  it("tells member users that their account cannot be deleted here, with no delete button", async () => {
    await renderApp(<RequestAccountDeletionPage />, {
      claims: memberClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    expect(qa("request-account-deletion-member-notice")).toBeInTheDocument();
    expect(queryQa("request-account-deletion-submit")).toBeNull();
  });
});

describe("account deletion success (/konto/loeschen/danke)", () => {
  it("resends the mail and confirms the address it went to", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => answer({ email: "erika@example.de" }),
      },
    });
    expect(qa("request-account-deletion-success-text")).toHaveTextContent("10 Tagen");
    await expectNoAxeViolations(container);
    await user.click(qa("request-account-deletion-success-resend"));
    expect(await findQa("request-account-deletion-success-resent")).toHaveTextContent(
      "erneut an erika@example.de",
    );
  });

  it("opens the failure dialog when resending fails", async () => {
    const user = userEvent.setup();
    await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => fail(failure(500, null, "c-re")),
      },
    });
    await user.click(qa("request-account-deletion-success-resend"));
    expect(await findQa("failure-dialog")).toHaveTextContent("c-re");
  });
});

// Issue 46: with DELETION_GRACE_DAYS the page, its dialog and the page after still said
// "cannot be undone" and "for good". Now they say: closed at once, erased after N days,
// restorable with the confirmation mail's link.
describe("account deletion with a grace period (config deletionGraceDays)", () => {
  it.each([
    [
      "de",
      /sofort geschlossen; 14 Tage später/,
      /nach 14 Tagen unwiderruflich gelöscht; bis dahin/,
      /schließen; 14 Tage später/,
      /nicht rückgängig|endgültig/,
    ],
    [
      "en",
      /closes it at once; 14 days later/,
      /deleted irrevocably after 14 days; until then/,
      /close your account; 14 days later/,
      /cannot be undone|for good|permanently/,
    ],
    [
      "fr",
      /le ferme immédiatement ; 14 jours plus tard/,
      /après 14 jours ; d'ici là/,
      /fermer votre compte ; 14 jours plus tard/,
      /irréversible|définitivement/,
    ],
  ])(
    "%s: says closed now, erased after the days, restorable",
    async (language, intro, dialog, sent, never) => {
      const user = userEvent.setup();
      const { container } = await renderApp(<RequestAccountDeletionPage />, {
        claims: userClaims,
        language,
        config: { deletionGraceDays: 14 },
        extraRoutes: [successRoute],
        api: {
          getMe: () => answer(storedPerson),
          requestDeletion: () => answer({ email: storedPerson.email }),
        },
      });
      expect(await findQa("request-account-deletion-page")).toHaveTextContent(intro);
      await user.click(qa("request-account-deletion-submit"));
      const shown = await findQa("request-account-deletion-dialog");
      expect(shown).toHaveTextContent(dialog);
      expect(container.textContent).not.toMatch(never);
      expect(shown.textContent).not.toMatch(never);
      await user.click(qa("request-account-deletion-dialog-confirm"));
      const text = await findQa("request-account-deletion-success-text");
      expect(text).toHaveTextContent(sent);
      expect(text.textContent).not.toMatch(never);
    },
  );
});
