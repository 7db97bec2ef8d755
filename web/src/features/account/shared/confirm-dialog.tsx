import { type ReactNode, useEffect, useId, useRef } from "react";

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
}

/**
 * A modal yes/no question (native `<dialog>`): focus goes to the safe choice (cancel)
 * when it opens and back to the element that opened it when it closes; Escape cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, dataQa, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const back = document.activeElement;
    // jsdom lacks showModal: fall back to the open attribute, as the app's other dialogs do.
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLButtonElement>(`[data-qa="${dataQa}-cancel"]`)?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (back instanceof HTMLElement) back.focus();
    };
  }, [open, dataQa]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-qa={dataQa}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div id={textId}>{props.children}</div>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          data-qa={`${dataQa}-confirm`}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
        <button type="button" className="button" data-qa={`${dataQa}-cancel`} onClick={onCancel}>
          {props.cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
