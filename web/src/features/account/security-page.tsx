import type { MfaCredentials } from "@portal/contracts";
import { routePath } from "@portal/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useService } from "../../app/container-context.js";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useSession } from "../../app/session.js";
import { TOKENS } from "../../app/tokens.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { type ActionOutcome, actionOutcome } from "./security/action-outcome.js";
import { PasskeyList } from "./security/passkey-list.js";
import { SecondFactorOptions } from "./security/second-factor-options.js";

/** Notice tone of each outcome. */
const TONES = {
  success: "success",
  cancelled: "info",
  error: "error",
} as const satisfies Record<ActionOutcome, string>;

type Load =
  | { readonly state: "loading" }
  | { readonly state: "loaded"; readonly credentials: MfaCredentials }
  | { readonly state: "failed" };

/**
 * Route "security" (/sicherheit): the second-factor state from
 * `GET /persons/me/credentials`; set-up, upgrade and removal run at the identity provider
 * as application-initiated actions, and their outcome, as keycloak-js reports it, is
 * shown on return.
 */
export default function SecurityPage() {
  const { t } = useTranslation("account");
  const api = useService(TOKENS.api);
  const { login, actionUpdate } = useSession();
  const { showFailure } = useFailureDialog();
  // keycloak-js reports once per page load, for the address the provider sent the browser
  // back to: that first entry of the history ("default") shows it, a later visit does not.
  const landed = useLocation().key === "default";
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [redirecting, setRedirecting] = useState(false);
  const outcome = landed ? actionOutcome(actionUpdate) : null;

  useEffect(() => {
    let live = true;
    void api.getCredentials().then((result) => {
      if (!live) return;
      if (result.ok) setLoad({ state: "loaded", credentials: result.value });
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
    const redirectUri = new URL(routePath("security"), window.location.origin).href;
    void login({ action, redirectUri }).catch(() => setRedirecting(false));
  };

  return (
    <section className="account-page account-page--cards" data-qa="security-page">
      <h1>{t("Security.Title")}</h1>
      <p>{t("Security.Intro")}</p>
      {outcome ? (
        <Notice tone={TONES[outcome]} dataQa={`security-status-${outcome}`}>
          {t(`Security.Status.${outcome}`)}
        </Notice>
      ) : null}
      <h2>{t("Security.Heading")}</h2>
      {load.state === "loading" ? <LoadingState dataQa="security-loading" /> : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="security-load-failed">
          {t("Security.LoadFailed")}
        </Notice>
      ) : null}
      {load.state === "loaded" ? (
        <SecondFactorOptions credentials={load.credentials} onAction={start} busy={redirecting} />
      ) : null}
      <PasskeyList onAction={start} busy={redirecting} />
    </section>
  );
}
