import type { MfaCredentials, RecoveryCodesStatus } from "@portal/contracts";
import { routePath } from "@portal/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { type ActionOutcome, actionOutcome, factorJustSetUp } from "./security/action-outcome.js";
import { PasskeyList, type PasskeysLoad } from "./security/passkey-list.js";
import { RecentActivity } from "./security/recent-activity.js";
import { RecoveryCodesCard } from "./security/recovery-codes-card.js";
import { SecondFactorOptions } from "./security/second-factor-options.js";
import { SignedInDevices } from "./security/signed-in-devices.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";

/** Notice tone of each outcome. */
const TONES = {
  success: "success",
  cancelled: "info",
  error: "error",
} as const satisfies Record<ActionOutcome, string>;

type Load =
  | { readonly state: "loading" }
  | {
      readonly state: "loaded";
      readonly credentials: MfaCredentials;
      /** Only with a second factor (codes back one up); null when the count failed to load. */
      readonly recoveryCodes?: RecoveryCodesStatus | null;
    }
  | { readonly state: "failed" };

/** The two routes that show the security sections. */
export type SecurityRoute = "security" | "sign-in-devices";

/** Route "security" (/sicherheit): the two-factor settings above every other section. */
export default function SecurityPage() {
  return <SecurityCentre route="security" />;
}

/**
 * The security sections: the second-factor state from `GET /persons/me/credentials`
 * (route "security" only: the spec shows two-factor settings to allowed members), passkeys,
 * recovery codes once a factor exists, devices and activity. Set-up, upgrade and removal
 * run at the identity provider as application-initiated actions, which return to the page
 * they started from; their outcome, as keycloak-js reports it, is shown on return.
 * Route "sign-in-devices" (/sicherheit/anmeldung) shows the same without the two-factor
 * settings, for every signed-in person.
 */
export function SecurityCentre({ route }: { readonly route: SecurityRoute }) {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { login, actionUpdate } = useSession();
  const { showFailure } = useFailureDialog();
  // keycloak-js reports once per page load, for the address the provider sent the browser
  // back to: that first entry of the history ("default") shows it, a later visit does not.
  const landed = useLocation().key === "default";
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [passkeys, setPasskeys] = useState<PasskeysLoad>({ state: "loading" });
  const passkeysAsked = useRef<ReturnType<typeof api.getPasskeys> | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const outcome = landed ? actionOutcome(actionUpdate) : null;

  useEffect(() => {
    let live = true;
    // The passkeys are asked for once per page load, beside the credentials: the list shows
    // them and they tell whether recovery codes apply.
    // once per mount: the effect runs again when the failure dialog's callback changes.
    passkeysAsked.current ??= api.getPasskeys();
    const listed = passkeysAsked.current;
    void listed.then((p) => {
      if (live) setPasskeys(p.ok ? { state: "loaded", passkeys: p.value } : { state: "failed" });
    });
    void api.getCredentials().then(async (result) => {
      if (!live) return;
      // Every passkey counts like the app or e-mail codes (it is asked for after the
      // password): recovery codes back it up too (the provider allows them for it).
      const secondFactorPasskey =
        result.ok && result.value.length === 0
          ? await listed.then((p) => p.ok && p.value.length > 0)
          : false;
      if (!live) return;
      if (result.ok && (result.value.length > 0 || secondFactorPasskey)) {
        const codes = await api.getRecoveryCodes();
        if (!live) return;
        setLoad({
          state: "loaded",
          credentials: result.value,
          recoveryCodes: codes.ok ? codes.value : null,
        });
      } else if (result.ok) setLoad({ state: "loaded", credentials: result.value });
      else {
        setLoad({ state: "failed" });
        showFailure(result.error, {
          dataQa: "get-2fa-status-error",
          buttonText: { key: "Dialog.Default.Reload" },
          button: { kind: "reload" },
        });
      }
    });
    return () => {
      live = false;
    };
  }, [api, showFailure]);

  const start = (action: string) => {
    setRedirecting(true);
    const redirectUri = new URL(routePath(route), window.location.origin).href;
    void login({ action, redirectUri }).catch(() => setRedirecting(false));
  };

  const twoFactor = route === "security";
  const texts = twoFactor ? "Security" : "SignInDevices";
  // What the page reports (an action's outcome, the credentials loading or failing) opens
  // its first card: the two-factor settings, or the passkeys on "Anmeldung & Geräte".
  const status = (
    <>
      {outcome ? (
        <Notice tone={TONES[outcome]} dataQa={`security-status-${outcome}`}>
          {t(`Security.Status.${outcome}`)}
        </Notice>
      ) : null}
      {load.state === "loading" ? <LoadingState dataQa="security-loading" /> : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="security-load-failed">
          {t("Security.LoadFailed")}
        </Notice>
      ) : null}
    </>
  );
  return (
    <AccountPage
      dataQa={twoFactor ? "security-page" : "sign-in-devices-page"}
      title={t(`${texts}.Title`)}
      intro={t(`${texts}.Intro`)}
    >
      {twoFactor ? (
        <AccountCard
          dataQa="security-two-factor"
          title={t("Security.Heading")}
          titleId="security-two-factor-title"
        >
          {status}
          {load.state === "loaded" ? (
            <SecondFactorOptions
              credentials={load.credentials}
              passkeys={
                passkeys.state === "loaded"
                  ? passkeys.passkeys.length
                  : passkeys.state === "failed"
                    ? 0
                    : null
              }
              onAction={start}
              busy={redirecting}
            />
          ) : null}
        </AccountCard>
      ) : null}
      {/* The passkey list brings its own heading; the recovery codes back up every factor. */}
      <AccountCard dataQa="security-passkeys">
        {twoFactor ? null : status}
        <PasskeyList onAction={start} busy={redirecting} load={passkeys} setLoad={setPasskeys} />
        {load.state === "loaded" && load.recoveryCodes !== undefined ? (
          <RecoveryCodesCard
            status={load.recoveryCodes}
            offer={landed && factorJustSetUp(actionUpdate)}
            onAction={start}
            busy={redirecting}
          />
        ) : null}
      </AccountCard>
      <SignedInDevices />
      <RecentActivity />
    </AccountPage>
  );
}
