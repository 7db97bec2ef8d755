import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteHref } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useSession } from "../../app/session.js";
import { useConfig } from "../../app/use-config.js";
import { useReachedByAction, useSuccessState } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "register-membership-success" (/mitgliedschaft/danke): the assigned member
 * number and ID; the account updates in the background and member functions come with
 * the next sign-in. The spec's "sign out and in again" is one step: a fresh sign-in
 * (prompt=login, the address filled in) that comes back to the membership page with the
 * member's claims, without the detour through sign-out and the registration page. Opened
 * directly (no assignment happened), it goes to the membership page.
 */
export default function RegisterMembershipSuccessPage() {
  const reached = useReachedByAction("membership");
  const { t } = useTranslation("account");
  const { login, claims } = useSession();
  const config = useConfig();
  const href = useRouteHref();
  const { person } = usePerson();
  const handed = useSuccessState();
  // Reached without the membership page's numbers: the stored person may know them.
  const memberNumber = handed.memberNumber ?? person?.memberNumber ?? undefined;
  const mitgliedskennung = handed.mitgliedskennung ?? person?.mitgliedskennung ?? undefined;
  const [leaving, setLeaving] = useState(false);
  if (!reached) return null;
  return (
    <SuccessLayout
      dataQa="register-membership-success"
      title={t("RegisterMembershipSuccess.Title")}
      backLink={false}
    >
      {memberNumber || mitgliedskennung ? (
        <dl className="account-facts">
          {memberNumber ? (
            <>
              <dt>{t("shared:Fields.memberNumber")}</dt>
              <dd data-qa="register-membership-success-member-number">{memberNumber}</dd>
            </>
          ) : null}
          {mitgliedskennung ? (
            <>
              <dt>{t("shared:Fields.mitgliedskennung")}</dt>
              <dd data-qa="register-membership-success-mitgliedskennung">{mitgliedskennung}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p data-qa="register-membership-success-background">
        {t("RegisterMembershipSuccess.Background")}
      </p>
      <p>{t("RegisterMembershipSuccess.Relogin")}</p>
      <button
        type="button"
        className="btn btn--primary"
        data-qa="register-membership-success-sign-in-again"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          const back = `${config.basePath.replace(/\/+$/, "")}${href("membership")}`;
          void login({
            prompt: "login",
            redirectUri: new URL(back, window.location.href).toString(),
            ...(claims?.email ? { loginHint: claims.email } : {}),
          }).catch(() => setLeaving(false));
        }}
      >
        {t("RegisterMembershipSuccess.SignInAgain")}
      </button>
    </SuccessLayout>
  );
}
