import { RECOVERY_CODES_ACTION, type RecoveryCodesStatus } from "@portal/contracts";
import { RECOVERY_CODES_LOW } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Notice } from "../../../components/notice.js";

/** Props of {@link RecoveryCodesCard}. */
export interface RecoveryCodesCardProps {
  /** The count from `GET /persons/me/recovery-codes`; null when it could not be loaded. */
  readonly status: RecoveryCodesStatus | null;
  /** True right after a second factor was set up: the codes are then offered first. */
  readonly offer: boolean;
  /** Starts an application-initiated action at the identity provider. */
  readonly onAction: (action: string) => void;
  readonly busy: boolean;
}

/**
 * Recovery codes on the security page (Keycloak's `recovery-authn-codes`): how many of the
 * set are left, a warning when few are, and the action that makes a new set at the
 * identity provider (CONFIGURE_RECOVERY_AUTHN_CODES), which shows the codes once.
 */
export function RecoveryCodesCard({ status, offer, onAction, busy }: RecoveryCodesCardProps) {
  const { t } = useTranslation("account");
  const has = status !== null && status.total > 0;
  const low = has && status.remaining <= RECOVERY_CODES_LOW;
  return (
    <section
      className="second-factor recovery-codes-card"
      aria-labelledby="recovery-codes-title"
      data-qa="security-recovery-codes"
    >
      <h3 id="recovery-codes-title">{t("Security.RecoveryCodes.Title")}</h3>
      <p>{t("Security.RecoveryCodes.Description")}</p>
      {offer && !has ? (
        <Notice tone="info" dataQa="security-recovery-codes-offer">
          {t("Security.RecoveryCodes.Offer")}
        </Notice>
      ) : null}
      {status === null ? (
        <Notice tone="error" dataQa="security-recovery-codes-load-failed">
          {t("Security.RecoveryCodes.LoadFailed")}
        </Notice>
      ) : has ? (
        <p>
          <strong data-qa="security-recovery-codes-remaining">
            {t("Security.RecoveryCodes.Remaining", {
              count: status.remaining,
              total: status.total,
            })}
          </strong>
        </p>
      ) : (
        <p data-qa="security-recovery-codes-none">{t("Security.RecoveryCodes.None")}</p>
      )}
      {low ? (
        <Notice tone="warning" dataQa="security-recovery-codes-low">
          {t("Security.RecoveryCodes.Low")}
        </Notice>
      ) : null}
      <button
        type="button"
        className={offer && !has ? "btn btn--primary" : "btn btn--secondary"}
        data-qa={has ? "security-recovery-codes-regenerate" : "security-recovery-codes-create"}
        disabled={busy}
        onClick={() => onAction(RECOVERY_CODES_ACTION)}
      >
        {has ? t("Security.RecoveryCodes.Regenerate") : t("Security.RecoveryCodes.Create")}
      </button>
    </section>
  );
}
