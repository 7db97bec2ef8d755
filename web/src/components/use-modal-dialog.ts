import { type RefObject, type SyntheticEvent, useEffect, useRef } from "react";

/**
 * Open, close and focus of the app's modal dialogs (failure, confirmation, cookie
 * settings), in one place: a native `<dialog>` shown modally while `open`, focus moved in
 * when it opens and given back when it closes, Escape (the dialog's cancel event) handled
 * by the caller instead of the browser closing the dialog behind React's back. A confirmed
 * action keeps its dialog open and its buttons inert while it runs (ConfirmDialog), so the
 * second click of a double click meets the busy button, not the page behind.
 */
export interface ModalDialogOptions {
  readonly open: boolean;
  /** Selector, inside the dialog, of the element that takes focus when it opens. */
  readonly initialFocus: string;
  /** Called on Escape; the dialog stays open until `open` turns false. */
  readonly onCancel: () => void;
  /** Where focus goes back to; default the element focused when the dialog opened. */
  readonly opener?: Element | null;
  /** How focus goes back; default focuses the opener when it is an element. */
  readonly restoreFocus?: (opener: Element | null) => void;
  /** A new value while open closes and reopens the dialog (new content, focus moves in again). */
  readonly reopenOn?: unknown;
}

const focusBack = (opener: Element | null): void => {
  if (opener instanceof HTMLElement) opener.focus();
};

/**
 * The dialog's ref and its cancel handler.
 *
 * @example
 * const { ref, onCancel } = useModalDialog({ open, initialFocus: "button", onCancel: close });
 * return open ? <dialog ref={ref} onCancel={onCancel} aria-modal="true">…</dialog> : null;
 */
export function useModalDialog(options: ModalDialogOptions): {
  readonly ref: RefObject<HTMLDialogElement | null>;
  readonly onCancel: (event: SyntheticEvent) => void;
} {
  const { open, initialFocus, opener, reopenOn } = options;
  const ref = useRef<HTMLDialogElement>(null);
  // The latest callbacks, so a caller's inline functions do not reopen the dialog.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    void reopenOn;
    const back = opener ?? document.activeElement;
    // jsdom and old browsers lack showModal: fall back to the open attribute.
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      (latest.current.restoreFocus ?? focusBack)(back);
    };
  }, [open, initialFocus, opener, reopenOn]);

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    latest.current.onCancel();
  };
  return { ref, onCancel };
}
