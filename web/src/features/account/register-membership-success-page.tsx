import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePerson } from "../../app/person.js";
import { useSession } from "../../app/session.js";
import { useReachedByAction, useSuccessState } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "register-membership-success" (/mitgliedschaft/danke): the assigned member
 * number and ID; the account updates in the background and member functions come with
 * the next sign-in, so the page asks to sign out and in again. Opened directly (no
 * assignment happened), it goes to the membership page.
 */
export default function RegisterMembershipSuccessPage() {
  const reached = useReachedByAction("membership");
  const { t } = useTranslation("account");
  const { logout } = useSession();
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
        data-qa="register-membership-success-logout"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void logout().catch(() => setLeaving(false));
        }}
      >
        {t("shared:Session.signOut")}
      </button>
    </SuccessLayout>
  );
}
