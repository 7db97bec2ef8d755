import { useFormikContext } from "formik";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BlockerFunction, NavigationType, useBlocker } from "react-router-dom";
import { ConfirmDialog } from "./confirm-dialog.js";

/**
 * The link a click would follow inside the app, or null for a click that is not one:
 * another button or modifier (new tab), a target or download, the same page (a hash).
 * A link to another site leaves the document, which `beforeunload` asks about.
 */
const followedLink = (event: MouseEvent): HTMLAnchorElement | null => {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin) return null;
  const here = window.location;
  return to.pathname === here.pathname && to.search === here.search ? null : link;
};

/**
 * Warns before the surrounding form's unsaved changes are lost: closing or reloading the
 * tab (the browser's own `beforeunload` question), following a link of the app (the
 * header, the menu, the page's own links) and the browser's Back and Forward ask first;
 * "leave" goes where the person was going.
 *
 * Links are caught by a click listener on the document in the capture phase, before the
 * router's own handler, so "leave" replays the very click (a new tab, a hash, another site
 * stay the browser's). Back and Forward are caught by the data router's `useBlocker`, for
 * history moves (POP) only: navigations the app makes by itself (after a save) go on.
 */
export function UnsavedChangesGuard({ dataQa }: { readonly dataQa: string }) {
  const { t } = useTranslation("account");
  const { dirty, isSubmitting } = useFormikContext();
  const guarding = dirty && !isSubmitting;
  const [pending, setPending] = useState<HTMLAnchorElement | null>(null);
  // The one click "leave" sends again, let through.
  const allowed = useRef<HTMLAnchorElement | null>(null);
  const history = useBlocker(
    useCallback<BlockerFunction>(
      ({ historyAction, currentLocation, nextLocation }) =>
        guarding &&
        historyAction === NavigationType.Pop &&
        `${currentLocation.pathname}${currentLocation.search}` !==
          `${nextLocation.pathname}${nextLocation.search}`,
      [guarding],
    ),
  );

  useEffect(() => {
    if (!guarding) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      const link = followedLink(event);
      if (!link) return;
      if (allowed.current === link) {
        allowed.current = null;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      setPending(link);
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [guarding]);

  return (
    <>
      <ConfirmDialog
        open={pending !== null}
        dataQa={dataQa}
        title={t("UnsavedChanges.Title")}
        confirmLabel={t("UnsavedChanges.Leave")}
        cancelLabel={t("UnsavedChanges.Stay")}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const link = pending;
          setPending(null);
          allowed.current = link;
          link?.click();
        }}
      >
        <p>{t("UnsavedChanges.Text")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={history.state === "blocked"}
        dataQa={`${dataQa}-history`}
        title={t("UnsavedChanges.Title")}
        confirmLabel={t("UnsavedChanges.Leave")}
        cancelLabel={t("UnsavedChanges.Stay")}
        onCancel={() => history.reset?.()}
        onConfirm={() => history.proceed?.()}
      >
        <p>{t("UnsavedChanges.Text")}</p>
      </ConfirmDialog>
    </>
  );
}
