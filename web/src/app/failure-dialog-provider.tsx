import type { HttpFailure } from "@portal/core";
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
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
  const close = useCallback(() => setContent(null), []);
  const showFailure = useCallback(
    (failure: HttpFailure, options?: FailureDialogOptions) =>
      setContent(failureDialogContent(failure, options)),
    [],
  );
  const api = useMemo<FailureDialogApi>(
    () => ({ show: setContent, showFailure, close, content }),
    [showFailure, close, content],
  );
  return (
    <FailureDialogContext.Provider value={api}>
      {children}
      {content ? (
        <Suspense fallback={null}>
          <FailureDialog content={content} onClose={close} />
        </Suspense>
      ) : null}
    </FailureDialogContext.Provider>
  );
}
