import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConsentedAnalytics } from "../../adapters/analytics.js";
import type { Consent } from "../../adapters/consent-store.js";
import { useService } from "../../app/container-context.js";
import { TOKENS } from "../../app/tokens.js";

/**
 * The cookie settings: analytics (page views, the registration event, failed-request
 * reports) only with consent. A modal native dialog; focus moves in and back.
 */
export function CookieSettingsDialog({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation("common");
  const consent = useService(TOKENS.consent);
  const analytics = useService(TOKENS.analytics);
  const ref = useRef<HTMLDialogElement>(null);
  const [analyticsOn, setAnalyticsOn] = useState(consent.read() === "granted");
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const back = document.activeElement;
    setAnalyticsOn(consent.read() === "granted");
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLInputElement>("input")?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
      if (back instanceof HTMLElement) back.focus();
    };
  }, [open, consent]);

  const save = (choice: Consent) => {
    consent.write(choice);
    // Queued events go out (or are dropped) now rather than at the next lookup.
    if (analytics instanceof ConsentedAnalytics) analytics.consentChanged();
    onClose();
  };

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="cookie-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-qa="cookie-settings-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{t("cookies.title")}</h2>
      <p>{t("cookies.intro")}</p>
      <div className="field field--checkbox">
        <input
          id="cookie-analytics"
          type="checkbox"
          data-qa="cookie-settings-analytics"
          checked={analyticsOn}
          onChange={(e) => setAnalyticsOn(e.target.checked)}
        />
        <label htmlFor="cookie-analytics">{t("cookies.analytics")}</label>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          data-qa="cookie-settings-save"
          onClick={() => save(analyticsOn ? "granted" : "denied")}
        >
          {t("cookies.save")}
        </button>
        <button
          type="button"
          className="button"
          data-qa="cookie-settings-accept-all"
          onClick={() => save("granted")}
        >
          {t("cookies.acceptAll")}
        </button>
        <button
          type="button"
          className="button"
          data-qa="cookie-settings-reject-all"
          onClick={() => save("denied")}
        >
          {t("cookies.rejectAll")}
        </button>
        <button type="button" className="button" data-qa="cookie-settings-close" onClick={onClose}>
          {t("cookies.close")}
        </button>
      </div>
    </dialog>
  );
}
