import type { HttpFailure } from "@portal/core";
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type FailureDialogApi,
  type FailureDialogContent,
  FailureDialogContext,
  type FailureDialogOptions,
} from "./failure-dialog-state.js";
import { failureDialogContent } from "./failure-to-dialog.js";

// The dialog (and DOMPurify) loads on the first failure: it is not part of the first page.
const FailureDialog = lazy(() =>
  import("../components/failure-dialog.js").then((m) => ({ default: m.FailureDialog })),
);

/** Holds the one failure dialog of the app and renders it. */
export function FailureDialogProvider({ children }: { readonly children: ReactNode }) {
  const [content, setContent] = useState<FailureDialogContent | null>(null);
  // The control that started the failed action. A submit button disabled while its request
  // runs loses focus to the body in a browser, so the last focused control is remembered.
  const lastFocused = useRef<Element | null>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const track = (e: FocusEvent) => {
      if (e.target instanceof Element && !e.target.closest("dialog"))
        lastFocused.current = e.target;
    };
    document.addEventListener("focusin", track);
    return () => document.removeEventListener("focusin", track);
  }, []);
  // The shown content, for `close` (a stable callback) to run its `onClose`.
  const shown = useRef<FailureDialogContent | null>(null);
  const open = useCallback((next: FailureDialogContent) => {
    const active = document.activeElement;
    const target = next.focusOnClose ? document.getElementById(next.focusOnClose) : null;
    opener.current = target ?? (active && active !== document.body ? active : lastFocused.current);
    shown.current = next;
    setContent(next);
  }, []);
  const close = useCallback(() => {
    const closing = shown.current;
    shown.current = null;
    setContent(null);
    closing?.onClose?.();
  }, []);
  const showFailure = useCallback(
    (failure: HttpFailure, options?: FailureDialogOptions) =>
      open(failureDialogContent(failure, options)),
    [open],
  );
  const api = useMemo<FailureDialogApi>(
    () => ({ show: open, showFailure, close, content }),
    [open, showFailure, close, content],
  );
  return (
    <FailureDialogContext.Provider value={api}>
      {children}
      {content ? (
        <Suspense fallback={null}>
          <FailureDialog content={content} onClose={close} opener={opener.current} />
        </Suspense>
      ) : null}
    </FailureDialogContext.Provider>
  );
}
