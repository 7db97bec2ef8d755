import {
  deleteCredentialAction,
  MFA_CONFIGURE_ACTIONS,
  type MfaCredential,
  type MfaCredentials,
  type MfaType,
} from "@portal/contracts";
import { useTranslation } from "react-i18next";

/** Props of {@link SecondFactorOptions}. */
export interface SecondFactorOptionsProps {
  readonly credentials: MfaCredentials;
  /** Starts an application-initiated action at the identity provider. */
  readonly onAction: (action: string) => void;
  /** True while the browser is being sent to the identity provider. */
  readonly busy: boolean;
}

const QA: Record<MfaType, string> = { AUTHENTICATOR_APP: "app", EMAIL: "email" };
const TEXTS: Record<MfaType, "Security.App" | "Security.Email"> = {
  AUTHENTICATOR_APP: "Security.App",
  EMAIL: "Security.Email",
};

/**
 * The second-factor state of spec section 2: with no factor it offers the authenticator
 * app (recommended) and e-mail codes (less secure); an active factor shows "Active" with a
 * deactivate action; with the e-mail factor it also offers the upgrade to the app.
 */
export function SecondFactorOptions({ credentials, onAction, busy }: SecondFactorOptionsProps) {
  const { t } = useTranslation("account");
  const app = credentials.find((c) => c.type === "AUTHENTICATOR_APP");
  const email = credentials.find((c) => c.type === "EMAIL");

  const active = (credential: MfaCredential) => {
    const qa = QA[credential.type];
    return (
      <li key={credential.credentialId} className="second-factor" data-qa={`security-${qa}`}>
        <h3>{t(`${TEXTS[credential.type]}.Title`)}</h3>
        <p>
          <strong data-qa={`security-${qa}-active`}>{t(`${TEXTS[credential.type]}.Active`)}</strong>
        </p>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa={`security-deactivate-${qa}`}
          disabled={busy}
          onClick={() => onAction(deleteCredentialAction(credential.credentialId))}
        >
          {t("Security.Deactivate")}
          <span className="visually-hidden">: {t(`${TEXTS[credential.type]}.Title`)}</span>
        </button>
      </li>
    );
  };

  const offer = (type: MfaType, upgrade: boolean) => {
    const qa = QA[type];
    const base = TEXTS[type];
    return (
      <li key={`offer-${type}`} className="second-factor" data-qa={`security-offer-${qa}`}>
        <h3>
          {t(`${base}.Title`)}{" "}
          <span className={type === "EMAIL" ? "badge badge-warning" : "badge badge-success"}>
            {type === "EMAIL" ? t("Security.Email.LessSecure") : t("Security.App.Recommended")}
          </span>
        </h3>
        <p>{t(`${base}.Description`)}</p>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa={upgrade ? "security-upgrade-app" : `security-activate-${qa}`}
          disabled={busy}
          onClick={() => onAction(MFA_CONFIGURE_ACTIONS[type])}
        >
          {upgrade ? t("Security.App.Upgrade") : t(`${base}.Activate`)}
        </button>
      </li>
    );
  };

  if (!app && !email) {
    return (
      <ul className="second-factors" data-qa="security-options">
        {offer("AUTHENTICATOR_APP", false)}
        {offer("EMAIL", false)}
      </ul>
    );
  }
  return (
    <ul className="second-factors" data-qa="security-options">
      {app ? active(app) : null}
      {email ? active(email) : null}
      {/* The e-mail factor is the weaker one: offer the switch to the app (spec section 4). */}
      {email && !app ? offer("AUTHENTICATOR_APP", true) : null}
    </ul>
  );
}
