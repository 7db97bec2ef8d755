import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RequestAccountDeletionSuccessPage from "../features/account/request-account-deletion-success-page.js";
import { storedPerson, userClaims } from "../features/account/test/account-fixtures.js";
import PasswordForgottenSuccessPage from "../features/public/password-forgotten-success-page.js";
import { expectNoAxeViolations } from "../test-support/axe.js";
import { answer } from "../test-support/fakes.js";
import { renderApp } from "../test-support/render.js";
import { RESEND_COOLDOWN_SECONDS } from "./resend-mail.js";

// Issue 29: "Send the e-mail again" had no cooldown, five clicks sent five mails. The wait
// is counted against the clock: only the interval and Date are faked, so the page's own
// promises and testing-library's waiting keep running.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const qa = (name: string) => document.querySelector<HTMLElement>(`[data-qa="${name}"]`)!;
const seconds = async (n: number) => {
  await act(async () => {
    vi.advanceTimersByTime(n * 1000);
  });
};

describe("ResendMail cooldown", () => {
  it("waits 30 s after each send, counting down on the button, said twice to screen readers", async () => {
    const { api, container } = await renderApp(<RequestAccountDeletionSuccessPage />, {
      claims: userClaims,
      api: {
        getMe: () => answer(storedPerson),
        requestDeletion: () => answer({ email: "erika@example.de" }),
      },
    });
    const button = () => qa("request-account-deletion-success-resend");
    const status = () => qa("request-account-deletion-success-resend-wait");
    expect(status()).toHaveAttribute("role", "status");
    expect(status()).toHaveTextContent("");
    button().focus();
    for (let i = 0; i < 5; i++) fireEvent.click(button());
    await screen.findByText(/erneut an erika@example.de/);
    // Five clicks, one mail.
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);
    expect(button()).toHaveTextContent("Erneut senden in 30 s");
    expect(button()).toHaveAttribute("aria-disabled", "true");
    // Still focused: a keyboard user is not thrown to the top of the page.
    expect(document.activeElement).toBe(button());
    const announced = status().textContent;
    expect(announced).toBe("Sie können die E-Mail in 30 Sekunden erneut senden.");
    await expectNoAxeViolations(container);

    await seconds(3);
    expect(button()).toHaveTextContent("Erneut senden in 27 s");
    // The live region does not count along.
    expect(status().textContent).toBe(announced);
    fireEvent.click(button());
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(1);

    await seconds(RESEND_COOLDOWN_SECONDS - 3);
    expect(button()).toHaveTextContent("E-Mail erneut senden");
    expect(button()).not.toHaveAttribute("aria-disabled");
    expect(status()).toHaveTextContent("Sie können die E-Mail jetzt erneut senden.");

    fireEvent.click(button());
    await screen.findByText("Erneut senden in 30 s");
    expect(api.calls.filter((c) => c.method === "requestDeletion")).toHaveLength(2);
  });

  it("counts down on the public pages too, in the page's language", async () => {
    await renderApp(<PasswordForgottenSuccessPage />, {
      language: "en",
      entries: [{ pathname: "/", state: { email: "erika@example.de" } }],
      api: { requestPasswordResetMail: () => answer(undefined) },
    });
    const button = document.querySelector<HTMLElement>('[data-qa$="-resend"]')!;
    fireEvent.click(button);
    await screen.findByText("Send again in 30 s");
    await seconds(10);
    expect(button).toHaveTextContent("Send again in 20 s");
  });
});
