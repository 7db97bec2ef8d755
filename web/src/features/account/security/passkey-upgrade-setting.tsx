import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../../app/failure-dialog-state.js";
import { useServices } from "../../../app/services-context.js";
import { useLoad } from "../../../app/use-load.js";
import { Notice } from "../../../components/notice.js";

/**
 * The switch for issue 49's automatic passkey upgrade (`GET`/`PUT
 * /persons/me/passkey-upgrade`), under the passkey list. Saved at once on change. The box
 * shows what the server stored, never what was asked: it appears only once loaded, turns
 * only on the server's answer, and a refused change leaves it as it was (the app's
 * failure dialog says why).
 */
export function PasskeyUpgradeSetting() {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { showFailure } = useFailureDialog();
  const id = useId();
  const { load, update } = useLoad("passkey-upgrade", (signal) =>
    api.getPasskeyUpgrade({ signal }),
  );
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<boolean | null>(null);

  const change = async (enabled: boolean) => {
    // A second click while the first is on its way would race it: ignored.
    if (saving) return;
    setSaving(true);
    setSaved(null);
    const result = await api.setPasskeyUpgrade({ enabled });
    setSaving(false);
    if (result.ok) {
      update(() => result.value);
      setSaved(result.value.enabled);
    } else showFailure(result.error, { dataQa: "passkey-upgrade-error" });
  };

  if (load.state === "failed") {
    return (
      <div className="passkey-upgrade">
        <Notice tone="error" dataQa="passkey-upgrade-load-failed">
          {t("Security.PasskeyUpgrade.LoadFailed")}
        </Notice>
      </div>
    );
  }
  if (load.state !== "loaded") return null;
  return (
    <div className="stack passkey-upgrade" data-qa="passkey-upgrade">
      <div className="field checkbox">
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={load.value.enabled}
          aria-describedby={`${id}-hint`}
          aria-busy={saving || undefined}
          onChange={(e) => void change(e.target.checked)}
          data-qa="passkey-upgrade-switch"
        />
        <label htmlFor={`${id}-box`}>{t("Security.PasskeyUpgrade.Label")}</label>
        <p id={`${id}-hint`} className="field__hint">
          {t("Security.PasskeyUpgrade.Hint")}
        </p>
      </div>
      {saved === null ? null : (
        <Notice tone="success" dataQa="passkey-upgrade-saved">
          {t(saved ? "Security.PasskeyUpgrade.SavedOn" : "Security.PasskeyUpgrade.SavedOff")}
        </Notice>
      )}
    </div>
  );
}
