import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { listensToConsent } from "../../adapters/analytics.js";
import type { Consent } from "../../adapters/consent-store.js";
import { useServices } from "../../app/services-context.js";
import { useModalDialog } from "../use-modal-dialog.js";

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
  const { consent, analytics } = useServices();
  const [analyticsOn, setAnalyticsOn] = useState(consent.read() === "granted");
  const titleId = useId();
  const { ref, onCancel } = useModalDialog({ open, initialFocus: "input", onCancel: onClose });

  // Each opening shows the stored choice, not what was ticked and not saved last time.
  useEffect(() => {
    if (open) setAnalyticsOn(consent.read() === "granted");
  }, [open, consent]);

  const save = (choice: Consent) => {
    consent.write(choice);
    // Queued events go out (or are dropped) now rather than at the next lookup.
    if (listensToConsent(analytics)) analytics.consentChanged();
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
      onCancel={onCancel}
    >
      <h2 id={titleId}>{t("shared:Layout.cookieSettings")}</h2>
      <p>{t("cookies.intro")}</p>
      <div className="field checkbox">
        <input
          id="cookie-analytics"
          type="checkbox"
          data-qa="cookie-settings-analytics"
          checked={analyticsOn}
          onChange={(e) => setAnalyticsOn(e.target.checked)}
        />
        <label htmlFor="cookie-analytics">{t("cookies.analytics")}</label>
      </div>
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          data-qa="cookie-settings-save"
          onClick={() => save(analyticsOn ? "granted" : "denied")}
        >
          {t("cookies.save")}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="cookie-settings-accept-all"
          onClick={() => save("granted")}
        >
          {t("cookies.acceptAll")}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="cookie-settings-reject-all"
          onClick={() => save("denied")}
        >
          {t("cookies.rejectAll")}
        </button>
        <button
          type="button"
          className="btn btn--quiet"
          data-qa="cookie-settings-close"
          onClick={onClose}
        >
          {t("cookies.close")}
        </button>
      </div>
    </dialog>
  );
}
