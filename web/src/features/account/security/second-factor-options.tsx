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
  /**
   * How many passkeys the person has (the page's one request): every passkey counts as a
   * second factor (it is asked for after the password). Null while loading; 0 when the
   * list could not be loaded (the passkey list below says so).
   */
  readonly passkeys: number | null;
  /**
   * The factors the identity provider can set up, the recommended one first (Keycloak:
   * the app only, provider-features.ts).
   */
  readonly offered: ReadonlyArray<MfaType>;
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
 * One honest line: "On: authenticator app, passkey" whenever any second factor is active,
 * "Off" only when none is (a passkey counts: it is asked for after the password).
 */
function SecondFactorState({
  app,
  email,
  passkeys,
}: {
  readonly app: boolean;
  readonly email: boolean;
  readonly passkeys: number;
}) {
  const { t, i18n } = useTranslation("account");
  const factors = [
    ...(app ? [t("Security.State.App")] : []),
    ...(email ? [t("Security.State.Email")] : []),
    ...(passkeys > 0 ? [t("Security.State.Passkey", { count: passkeys })] : []),
  ];
  const list = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(factors);
  return (
    <p data-qa="security-2fa-state" data-state={factors.length > 0 ? "on" : "off"}>
      <strong>
        {factors.length > 0 ? t("Security.State.On", { factors: list }) : t("Security.State.Off")}
      </strong>
    </p>
  );
}

/**
 * The second-factor state of spec section 2 with one status line above it: with no factor
 * at all it offers the authenticator app (recommended) and e-mail codes (less secure); an
 * active factor shows "Active" with a deactivate action; with the e-mail factor it also
 * offers the upgrade to the app. With only passkeys the status is on, and app and e-mail
 * codes are offered as an addition, never as if nothing were active.
 */
export function SecondFactorOptions({
  credentials,
  onAction,
  busy,
  passkeys,
  offered,
}: SecondFactorOptionsProps) {
  const { t } = useTranslation("account");
  // Keycloak keeps as many apps as were set up: each is listed with its own removal.
  const apps = credentials.filter((c) => c.type === "AUTHENTICATOR_APP");
  const app = apps[0];
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

  const offer = (type: MfaType, upgrade: boolean, also = false) => {
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
          {upgrade
            ? t("Security.App.Upgrade")
            : also
              ? t(`${base}.AddAlso`)
              : t(`${base}.Activate`)}
        </button>
      </li>
    );
  };

  // Until the passkeys are known the state is not: no "Off" that turns into "On".
  if (passkeys === null) return null;
  const state = <SecondFactorState app={Boolean(app)} email={Boolean(email)} passkeys={passkeys} />;
  if (!app && !email) {
    const also = passkeys > 0;
    return (
      <>
        {state}
        {also ? <p data-qa="security-also-intro">{t("Security.State.AlsoIntro")}</p> : null}
        <ul className="second-factors" data-qa="security-options">
          {offered.map((type) => offer(type, false, also))}
        </ul>
      </>
    );
  }
  return (
    <>
      {state}
      <ul className="second-factors" data-qa="security-options">
        {apps.map(active)}
        {email ? active(email) : null}
        {/* The e-mail factor is the weaker one: offer the switch to the app (spec section 4). */}
        {email && !app && offered.includes("AUTHENTICATOR_APP")
          ? offer("AUTHENTICATOR_APP", true)
          : null}
      </ul>
    </>
  );
}
