import { type ReactNode, useId } from "react";
import { useModalDialog } from "../../../components/use-modal-dialog.js";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly dataQa: string;
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly confirmLabel: ReactNode;
  readonly cancelLabel: ReactNode;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** A destructive confirmation (deletion) is drawn in the danger colour. */
  readonly danger?: boolean;
}

/**
 * A modal yes/no question (native `<dialog>`): focus goes to the safe choice (cancel)
 * when it opens and back to the element that opened it when it closes; Escape cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, dataQa, onCancel } = props;
  const titleId = useId();
  const textId = useId();
  const { ref, onCancel: cancelled } = useModalDialog({
    open,
    initialFocus: `[data-qa="${dataQa}-cancel"]`,
    onCancel,
  });

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
          onCancel();
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
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa={`${dataQa}-cancel`}
          onClick={onCancel}
        >
          {props.cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
