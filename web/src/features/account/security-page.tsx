import type { MfaCredentials, RecoveryCodesStatus } from "@portal/contracts";
import { routePath } from "@portal/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { type Load, useLoad } from "../../app/use-load.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { type ActionOutcome, actionOutcome, factorJustSetUp } from "./security/action-outcome.js";
import { PasskeyList, type PasskeysLoad } from "./security/passkey-list.js";
import { notePasskeyRemoval, usePasskeyRemovalSignal } from "./security/passkey-removal-signal.js";
import { PasskeyUpgradeSetting } from "./security/passkey-upgrade-setting.js";
import { type ProviderFeatures, useProviderFeatures } from "./security/provider-features.js";
import { RecentActivity } from "./security/recent-activity.js";
import { RecoveryCodesCard } from "./security/recovery-codes-card.js";
import { SecondFactorOptions } from "./security/second-factor-options.js";
import { SecureAccountCard } from "./security/secure-account-card.js";
import { SignedInDevices } from "./security/signed-in-devices.js";
import { SuspendedFactors } from "./security/suspended-factors.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";

/** Notice tone of each outcome. */
const TONES = {
  success: "success",
  cancelled: "info",
  error: "error",
} as const satisfies Record<ActionOutcome, string>;

type SecondFactorLoad =
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

/** How many passkeys the person has (none when they failed to load); null while loading. */
const passkeyCount = (load: PasskeysLoad): number | null =>
  load.state === "loaded" ? load.value.length : load.state === "failed" ? 0 : null;

/**
 * How many passkeys count as a second factor: every one where the provider asks for it
 * after the password (the embedded provider), none where it does not (Keycloak's flow as
 * the realm ships it); null while loading.
 */
const secondFactorPasskeys = (load: PasskeysLoad, features: ProviderFeatures): number | null => {
  const count = passkeyCount(load);
  return count === null || features.passkeySecondFactor ? count : 0;
};

/**
 * The second-factor state: the credentials and, once a factor exists, the recovery codes'
 * count (null when it failed to load) where the provider takes them. Every passkey that is
 * a second factor counts like the app or e-mail codes: recovery codes back it up too.
 */
function useSecondFactorLoad(
  credentials: Load<MfaCredentials>,
  count: number | null,
  recoveryCodes: boolean,
): SecondFactorLoad {
  const { api } = useServices();
  const known = credentials.state === "loaded" ? credentials.value : null;
  const factor = known === null ? null : known.length > 0 || (count === null ? null : count > 0);
  const codes = useLoad(factor && recoveryCodes ? "recovery-codes" : null, (signal) =>
    api.getRecoveryCodes({ signal }),
  ).load;
  if (credentials.state === "failed") return { state: "failed" };
  if (known === null || factor === null) return { state: "loading" };
  if (!factor || !recoveryCodes) return { state: "loaded", credentials: known };
  if (codes.state === "loaded")
    return { state: "loaded", credentials: known, recoveryCodes: codes.value };
  if (codes.state === "failed") return { state: "loaded", credentials: known, recoveryCodes: null };
  return { state: "loading" };
}

/** Route "security" (/sicherheit): the two-factor settings above every other section. */
export default function SecurityPage() {
  return <SecurityCentre route="security" />;
}

/**
 * The security sections: the second-factor state from `GET /persons/me/credentials`, passkeys,
 * recovery codes once a factor exists, devices and activity. Set-up, upgrade and removal
 * run at the identity provider as application-initiated actions, which return to the page
 * they started from; their outcome, as keycloak-js reports it, is shown on return.
 * Route "sign-in-devices" (/sicherheit/anmeldung) shows the same for every signed-in person
 * (the menu names one of the two); factors "This wasn't me" suspended come first on both.
 */
export function SecurityCentre({ route }: { readonly route: SecurityRoute }) {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { login, actionUpdate } = useSession();
  const { showFailure } = useFailureDialog();
  const features = useProviderFeatures();
  // keycloak-js reports once per page load, for the address the provider sent the browser
  // back to: that first entry of the history ("default") shows it, a later visit does not.
  const landed = useLocation().key === "default";
  const [redirecting, setRedirecting] = useState(false);
  const outcome = landed ? actionOutcome(actionUpdate) : null;
  // The passkeys, asked for once per page load beside the credentials: the list shows
  // them and they tell whether recovery codes apply.
  const passkeys = useLoad("passkeys", (signal) => api.getPasskeys({ signal }));
  const credentialsLoader = useLoad("credentials", (signal) => api.getCredentials({ signal }));
  const credentials = credentialsLoader.load;
  const secondFactors = secondFactorPasskeys(passkeys.load, features);
  const load = useSecondFactorLoad(credentials, secondFactors, features.recoveryCodes);
  usePasskeyRemovalSignal(landed, actionUpdate);

  useEffect(() => {
    if (credentials.state === "failed")
      showFailure(credentials.failure, {
        dataQa: "get-2fa-status-error",
        buttonText: { key: "Dialog.Default.Reload" },
        button: { kind: "reload" },
      });
  }, [credentials, showFailure]);

  const start = (action: string) => {
    notePasskeyRemoval(action, passkeys.load);
    setRedirecting(true);
    const redirectUri = new URL(routePath(route), window.location.origin).href;
    void login({ action, redirectUri }).catch(() => setRedirecting(false));
  };

  // Every person sees their second factors and their state on either page (an
  // intruder's app must not be invisible to its owner); the spec's menu rule only decides
  // which of the two pages the menu names.
  const twoFactor = route === "security";
  const texts = twoFactor ? "Security" : "SignInDevices";
  // A factor "This wasn't me" suspended and the person kept signs in again: the lists
  // of factors in use load again to show it.
  const kept = () => {
    passkeys.reload();
    credentialsLoader.reload();
  };
  // What the page reports (an action's outcome, the credentials loading or failing) opens
  // the two-factor settings' card.
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
      {features.suspendedFactors ? (
        <SuspendedFactors onAction={start} busy={redirecting} onKept={kept} />
      ) : null}
      <AccountCard
        dataQa="security-two-factor"
        title={t("Security.Heading")}
        titleId="security-two-factor-title"
      >
        {status}
        {load.state === "loaded" ? (
          <SecondFactorOptions
            credentials={load.credentials}
            passkeys={secondFactors}
            offered={features.offered}
            onAction={start}
            busy={redirecting}
          />
        ) : null}
      </AccountCard>
      {/* The passkey list brings its own heading; the recovery codes back up every factor. */}
      <AccountCard dataQa="security-passkeys">
        <PasskeyList
          onAction={start}
          busy={redirecting}
          features={features}
          load={passkeys.load}
          update={passkeys.update}
        />
        {/* Where the embedded provider signs people in: its page makes the passkey. */}
        {features.passkeyUpgrade ? <PasskeyUpgradeSetting /> : null}
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
      <SecureAccountCard />
    </AccountPage>
  );
}
