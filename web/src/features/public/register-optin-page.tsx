import {
  LINK_QUERY,
  MAILED_LINKS,
  ok,
  webTargetHref,
  webTargetKey,
  webTargetOutcome,
} from "@portal/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { useLoad } from "../../app/use-load.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";
import { useConfirmationLink } from "./use-confirmation-link.js";

/**
 * Opt-in confirmation: confirms the registration with optinId; on success fetches the
 * web target of the registration key, sends the tracking event and offers the login;
 * on failure explains and leads back to the registration. The mail link carries the
 * registration's prk and prt: the way on and the sign-in (through /login) both lead to
 * that key's web target with prt (spec sections 2 and 4).
 */
export default function RegisterOptinPage() {
  const { t } = useTranslation("public");
  const query = new URLSearchParams(useLocation().search);
  const prk = query.get(LINK_QUERY.webTargetKey);
  const prt = query.get(LINK_QUERY.webTargetToken);
  const { api, webTargets: targets, analytics } = useServices();
  const { login } = useSession();
  const href = useRouteHref();
  const optin = useConfirmationLink("optin", MAILED_LINKS.optIn.token, (token) =>
    api.confirmMailAddress({ confirmationToken: token }),
  );
  const confirmed = optin.success;

  // Once confirmed: the web target of the registration key (a lookup shared with the
  // header: nothing to abort), and the tracking event.
  const key = webTargetKey(prk);
  const found = useLoad(confirmed ? key : null, () =>
    targets.get(key).then((result) => ok(webTargetOutcome(result))),
  ).load;
  const target = found.state === "loaded" ? found.value.webTarget : null;
  useEffect(() => {
    // A failed lookup falls back to key null (spec section 4).
    if (found.state === "loaded")
      analytics.event("registration-confirmed", { key: found.value.key ?? "" });
  }, [found, analytics]);

  if (optin.error)
    return (
      <PublicPage title={t("optin.failureTitle")} dataQa="register-optin-failure">
        <Notice tone="error" dataQa="register-optin-error">
          {t("errors:HttpErrorMessages.INVALID_OPT_IN")}
        </Notice>
        <Link to={href("register")} className="btn btn--secondary" data-qa="register-optin-back">
          {t("optin.backToRegister")}
        </Link>
      </PublicPage>
    );
  if (!optin.success) return <LoadingState dataQa="register-optin-loading" />;
  const onward = target ? webTargetHref(target.url, { prt }) : null;
  return (
    <PublicPage title={t("optin.welcomeTitle")} dataQa="register-optin-success">
      <p>{t("optin.welcomeText")}</p>
      {onward ? (
        <p>
          <a href={onward} data-qa="register-optin-web-target">
            {t("optin.toWebTarget")}
          </a>
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary"
        data-qa="register-optin-login"
        onClick={() =>
          void login({
            redirectUri: new URL(
              // prk comes along with the current query (carried over by href).
              href("login", { newUser: "true", ...(prt ? { prt } : {}) }).replace(/^\//, ""),
              `${window.location.origin}${import.meta.env.BASE_URL}`,
            ).href,
          })
        }
      >
        {t("shared:Session.signIn")}
      </button>
    </PublicPage>
  );
}
