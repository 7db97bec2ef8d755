import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { DialogButtonAction } from "../app/failure-dialog-state.js";
import { useFailureDialog } from "../app/failure-dialog-state.js";
import { expectNoAxeViolations } from "../test-support/axe.js";
import { failure } from "../test-support/fakes.js";
import { renderApp } from "../test-support/render.js";

function Opener({ button, html }: { button?: DialogButtonAction; html?: string }) {
  const dialog = useFailureDialog();
  return (
    <button
      type="button"
      data-qa="open"
      onClick={() =>
        html
          ? dialog.show({
              headline: { key: "Dialog.Default.Header" },
              message: { text: html },
              correlationId: "c-42",
              dataQa: "html-dialog",
              buttonText: { key: "Dialog.Default.Close" },
              button: button ?? { kind: "close" },
            })
          : dialog.showFailure(failure(500, [{ errorCode: "BACKEND_ERROR" }], "corr-9"), {
              dataQa: "patch-person-error-dialog",
              ...(button ? { button } : {}),
            })
      }
    >
      open
    </button>
  );
}

/** A form whose submit button is disabled while its request runs, as the form kit does. */
function SubmittingForm({ staysDisabled }: { readonly staysDisabled: boolean }) {
  const dialog = useFailureDialog();
  const [submitting, setSubmitting] = useState(false);
  return (
    <form
      aria-label="Formular"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitting(true);
        // A browser moves focus from a control that becomes disabled to the body; jsdom
        // does not, so the test does what the browser would.
        (document.activeElement as HTMLElement | null)?.blur();
        setTimeout(() => {
          if (!staysDisabled) setSubmitting(false);
          dialog.showFailure(failure(500, [{ errorCode: "BACKEND_ERROR" }], "corr-1"));
        }, 10);
      }}
    >
      <button type="submit" disabled={submitting}>
        Senden
      </button>
    </form>
  );
}

/** Opens the dialog of a refusal whose text asks to contact us. */
function Refused() {
  const dialog = useFailureDialog();
  return (
    <button
      type="button"
      onClick={() => dialog.showFailure(failure(403, [{ errorCode: "MEMBER_CANNOT_DELETE" }]))}
    >
      open
    </button>
  );
}

/** Opens the dialog of a 429 whose Retry-After says `seconds`. */
function TooMany({ seconds }: { readonly seconds: number }) {
  const dialog = useFailureDialog();
  const refused = failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }]);
  return (
    <button
      type="button"
      onClick={() => dialog.showFailure({ ...refused, retryAfterSeconds: seconds })}
    >
      open
    </button>
  );
}

describe("failure dialog (spec section 2)", () => {
  it("returns focus to the submit button that was disabled while its request ran", async () => {
    const user = userEvent.setup();
    await renderApp(<SubmittingForm staysDisabled={false} />);
    const submit = screen.getByRole("button", { name: "Senden" });
    await user.click(submit);
    await screen.findByRole("dialog");
    expect(document.activeElement).not.toBe(document.body);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(submit).toHaveFocus();
  });

  it("returns focus to the form when the control that started the action is still disabled", async () => {
    const user = userEvent.setup();
    await renderApp(<SubmittingForm staysDisabled={true} />);
    await user.click(screen.getByRole("button", { name: "Senden" }));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("form", { name: "Formular" })).toHaveFocus();
  });

  it("shows headline, message, correlation id and a close button; focus moves in and back", async () => {
    const user = userEvent.setup();
    const { container } = await renderApp(<Opener />);
    const opener = screen.getByRole("button", { name: "open" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveAttribute("data-qa", "patch-person-error-dialog");
    expect(screen.getByText("Ein Fehler ist aufgetreten")).toBeInTheDocument();
    expect(screen.getByText("Fehlerreferenz: corr-9")).toBeInTheDocument();
    const close = screen.getByRole("button", { name: "Schließen" });
    expect(close).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it.each(["{Escape}", "{Enter}"])("closes on %s", async (key) => {
    const user = userEvent.setup();
    await renderApp(<Opener />);
    await user.click(screen.getByRole("button", { name: "open" }));
    await screen.findByRole("dialog");
    await user.keyboard(key);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it.each([
    ["de", 2100, "Bitte versuchen Sie es in 35 Minuten erneut."],
    ["en", 2100, "Please try again in 35 minutes."],
    ["fr", 2100, "Veuillez réessayer dans 35 minutes."],
    ["en", 60, "Please try again in 1 minute."],
    ["fr", 20, "Veuillez réessayer dans 20 secondes."],
  ])(
    "a 429 says how long to wait, from its Retry-After (%s, %i s)",
    async (language, seconds, text) => {
      const user = userEvent.setup();
      await renderApp(<TooMany seconds={seconds} />, { language });
      await user.click(screen.getByRole("button", { name: "open" }));
      expect(await screen.findByRole("dialog")).toHaveTextContent(text);
    },
  );

  it("a text that asks to contact us shows the support contact as a mailto link (issue 46)", async () => {
    const user = userEvent.setup();
    await renderApp(<Refused />);
    await user.click(screen.getByRole("button", { name: "open" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(/wenden Sie sich an unseren Support/);
    expect(
      within(dialog).getByRole("link", { name: "kundenservice@association.example" }),
    ).toHaveAttribute("href", "mailto:kundenservice@association.example");
  });

  it("sanitises the HTML message with DOMPurify", async () => {
    const user = userEvent.setup();
    await renderApp(
      <Opener
        html={'<b>bold</b><img src="x" onerror="window.__x=1"><script>window.__y=1</script>'}
      />,
    );
    await user.click(screen.getByRole("button", { name: "open" }));
    const message = await screen.findByText("bold");
    expect(message.tagName).toBe("B");
    const box = message.parentElement as HTMLElement;
    expect(box.innerHTML).not.toContain("onerror");
    expect(box.innerHTML).not.toContain("script");
  });

  it("its button can open an external link in a new tab", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await renderApp(<Opener button={{ kind: "external", href: "https://association.example/" }} />);
    await user.click(screen.getByRole("button", { name: "open" }));
    await user.click(await screen.findByRole("button", { name: "Schließen" }));
    expect(open).toHaveBeenCalledWith(
      "https://association.example/",
      "_blank",
      "noopener,noreferrer",
    );
    open.mockRestore();
  });

  it("its button can navigate in the same window", async () => {
    const user = userEvent.setup();
    await renderApp(<Opener button={{ kind: "navigate", to: "/ziel" }} />, {
      path: "/",
      extraRoutes: [{ path: "/ziel", element: <p>Zielseite</p> }],
    });
    await user.click(screen.getByRole("button", { name: "open" }));
    await user.click(await screen.findByRole("button", { name: "Schließen" }));
    expect(await screen.findByText("Zielseite")).toBeInTheDocument();
  });
});
