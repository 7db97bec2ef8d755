import { configure, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.js";

configure({ testIdAttribute: "data-qa" });

/** A page with a confirmed action that runs until the test ends it. */
function Harness({ action }: { readonly action: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <a href="#next" data-qa="behind">
        behind
      </a>
      <ConfirmDialog
        open={open}
        dataQa="confirm"
        title="Konto löschen?"
        confirmLabel="Löschen"
        cancelLabel="Abbrechen"
        onConfirm={() => action().then(() => setOpen(false))}
        onCancel={() => setOpen(false)}
      >
        Das Konto wird gelöscht.
      </ConfirmDialog>
    </>
  );
}

describe("ConfirmDialog: a confirmed action runs once", () => {
  it("a double click runs the action once; both buttons are inert while it runs", async () => {
    const user = userEvent.setup();
    let runs = 0;
    let finish: () => void = () => undefined;
    render(
      <Harness
        action={() => {
          runs += 1;
          return new Promise((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    const confirm = screen.getByTestId("confirm-confirm");
    await user.dblClick(confirm);
    expect(runs).toBe(1);
    expect(confirm).toHaveAttribute("aria-busy", "true");
    expect(confirm).toHaveAttribute("aria-disabled", "true");
    const cancel = screen.getByTestId("confirm-cancel");
    expect(cancel).toHaveAttribute("aria-disabled", "true");
    // Cancelling does nothing either while the action runs: the dialog stays.
    await user.click(cancel);
    expect(screen.getByTestId("confirm")).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByTestId("confirm")).toBeNull());
    expect(runs).toBe(1);
  });
});
