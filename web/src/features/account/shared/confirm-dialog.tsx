import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.js";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly dataQa: string;
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly confirmLabel: ReactNode;
  readonly cancelLabel: ReactNode;
  /**
   * The confirmed action. While its promise runs the dialog stays, its buttons inert
   * (`aria-busy` on the confirm), until the caller closes it or leaves the page: a second
   * click of a double click meets the busy button, not the page that comes next.
   */
  readonly onConfirm: () => unknown;
  readonly onCancel: () => void;
  /**
   * Where focus goes once a confirmed dialog closes (the action's outcome, when it removed
   * what opened the dialog); a cancelled one gives focus back to its opener.
   */
  readonly focusAfterConfirm?: () => HTMLElement | null;
  /** A destructive confirmation (deletion) is drawn in the danger colour. */
  readonly danger?: boolean;
}

/**
 * A modal yes/no question (native `<dialog>`): focus goes to the safe choice (cancel)
 * when it opens and back to the element that opened it when it closes; Escape cancels.
 * Confirmed, it waits busy for the action instead of closing at once.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, dataQa, onCancel } = props;
  const titleId = useId();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const confirmed = useRef(false);
  const latest = useRef(props);
  latest.current = props;
  // Each opening asks afresh (a closing's focus was placed before this runs).
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and closing are the trigger
  useEffect(() => {
    setBusy(false);
    confirmed.current = false;
  }, [open]);
  const cancel = () => {
    if (!busy) onCancel();
  };
  const { ref, onCancel: cancelled } = useModalDialog({
    open,
    initialFocus: `[data-qa="${dataQa}-cancel"]`,
    onCancel: cancel,
    restoreFocus: (opener) => {
      const after = confirmed.current ? latest.current.focusAfterConfirm?.() : null;
      const target = after ?? (opener?.isConnected ? opener : null);
      if (!(target instanceof HTMLElement)) return;
      if (after && !after.hasAttribute("tabindex")) after.tabIndex = -1;
      target.focus();
    },
  });
  const confirm = () => {
    if (busy) return;
    confirmed.current = true;
    setBusy(true);
    void props.onConfirm();
  };

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-qa={dataQa}
      onCancel={cancelled}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          cancel();
        }
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div id={textId}>{props.children}</div>
      <div className="actions">
        <button
          type="button"
          className={props.danger ? "btn btn--danger" : "btn btn--primary"}
          data-qa={`${dataQa}-confirm`}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={confirm}
        >
          {props.confirmLabel}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa={`${dataQa}-cancel`}
          aria-disabled={busy || undefined}
          onClick={cancel}
        >
          {props.cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
