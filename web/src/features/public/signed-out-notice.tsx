import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { Notice } from "../../components/notice.js";

/** The router state the home page hands on after a sign-out. */
export interface SignedOutState {
  readonly signedOut?: boolean;
}

/**
 * "You are signed out", with the way to sign in again, on the page a sign-out ends at (the
 * registration form, by the spec's route behaviour). Shown after the first render: a
 * prerendered frame of the page carries no such state, so hydration stays clean.
 */
export function SignedOutNotice() {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const state = useLocation().state as SignedOutState | null;
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(state?.signedOut === true), [state]);
  if (!shown) return null;
  return (
    <Notice tone="success" dataQa="signed-out-notice" title={t("signedOut.title")}>
      <p>
        <Link to={href("login")} data-qa="signed-out-sign-in">
          {t("signedOut.signInAgain")}
        </Link>
      </p>
    </Notice>
  );
}
