import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { useModalDialog } from "./use-modal-dialog.js";

function Harness({
  onCancel = () => undefined,
  restoreFocus,
}: {
  readonly onCancel?: () => void;
  readonly restoreFocus?: (opener: Element | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const { ref, onCancel: cancelled } = useModalDialog({
    open,
    initialFocus: '[data-qa="second"]',
    // An inline function: a new one each render must not reopen the dialog.
    onCancel: () => {
      onCancel();
      setOpen(false);
    },
    ...(restoreFocus ? { restoreFocus } : {}),
  });
  return (
    <>
      <button type="button" data-qa="opener" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <dialog ref={ref} data-qa="dialog" aria-label="test" onCancel={cancelled}>
          <button type="button" data-qa="first">
            first
          </button>
          <button type="button" data-qa="second" onClick={() => setOpen(false)}>
            close
          </button>
        </dialog>
      ) : null}
    </>
  );
}

describe("useModalDialog: one open, close and focus for every dialog", () => {
  it("opens modally, focuses the chosen element, and gives focus back on close", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText("open"));
    const dialog = document.querySelector("dialog");
    expect(dialog?.open || dialog?.hasAttribute("open")).toBe(true);
    expect(document.activeElement?.getAttribute("data-qa")).toBe("second");
    await userEvent.click(screen.getByText("close"));
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement?.getAttribute("data-qa")).toBe("opener");
  });

  it("Escape (the cancel event) calls onCancel and keeps the browser from closing it", async () => {
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    await userEvent.click(screen.getByText("open"));
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    const event = new Event("cancel", { cancelable: true });
    fireEvent(dialog, event);
    expect(event.defaultPrevented).toBe(true);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("a caller may say where focus goes back to", async () => {
    const restoreFocus = vi.fn();
    render(<Harness restoreFocus={restoreFocus} />);
    await userEvent.click(screen.getByText("open"));
    await userEvent.click(screen.getByText("close"));
    expect(restoreFocus).toHaveBeenCalledWith(screen.getByText("open"));
  });
});
