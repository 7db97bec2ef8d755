import type { Person } from "@portal/contracts";
import { canDeleteAccount, showCompanyData } from "@portal/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFailureDialog } from "../../../app/failure-dialog-state.js";
import { useRouteHref } from "../../../app/navigation.js";
import { usePerson } from "../../../app/person.js";
import { useServices } from "../../../app/services-context.js";
import { useSession } from "../../../app/session.js";
import { useAction } from "../../../app/use-action.js";
import { Notice } from "../../../components/notice.js";
import { ResendMail } from "../../../components/resend-mail.js";

/**
 * An open e-mail change: the address stays the old one until the link sent to the new one
 * is followed, so the profile says so and offers to send the link again or to cancel the
 * change (issue 29: a change the person did not ask for must be stoppable here). Rendered
 * with or without a pending address, so the word that the change was cancelled outlives it.
 */
function PendingEmail({ email }: { readonly email: string | null }) {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const { person, setPerson } = usePerson();
  const { showFailure } = useFailureDialog();
  const cancel = useAction("cancelSetNewEmail");
  const [cancelled, setCancelled] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (cancelled) notice.current?.focus();
  }, [cancelled]);

  if (cancelled && !email)
    return (
      <Notice tone="success" dataQa="profile-pending-email-cancelled" ref={notice}>
        {t("Profile.Email.Cancelled", { email: cancelled })}
      </Notice>
    );
  if (!email) return null;

  const cancelChange = async () => {
    const result = await cancel.run(() => api.cancelMailAddressChange());
    // Nothing open any more (cancelled elsewhere, or confirmed): the profile says so too.
    const gone = !result.ok && result.error.status === 404;
    if (!result.ok && !gone) return showFailure(result.error);
    setCancelled(email);
    if (person) {
      const { pendingEmail: _cancelled, ...rest } = person;
      setPerson(rest);
    }
  };

  return (
    <div className="account-pending" data-qa="profile-pending-email">
      <p data-qa="profile-pending-email-text">{t("Profile.Email.Pending", { email })}</p>
      <p>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="profile-pending-email-cancel"
          disabled={cancel.state.submitting}
          aria-busy={cancel.state.submitting || undefined}
          onClick={() => void cancelChange()}
        >
          {t("Profile.Email.CancelPending")}
        </button>
      </p>
      <ResendMail
        action="resendSetNewEmail"
        send={() => api.resendChangeMailAddress()}
        dataQa="profile-pending-email"
        question={t("ChangeMailAddressSuccess.NoMail")}
        label={t("ChangeMailAddressSuccess.Resend")}
        sent={(answer) => t("ChangeMailAddressSuccess.Resent", { email: answer.email })}
      />
    </div>
  );
}

/** E-mail with its change button and the masked password with its change button. */
export function AccessSection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  return (
    <section className="account-section" aria-labelledby="profile-access" data-qa="profile-access">
      <h2 id="profile-access">{t("Profile.Sections.Access")}</h2>
      <dl className="account-facts">
        <dt>{t("shared:Fields.email")}</dt>
        <dd>
          <span data-qa="profile-email">{person.email}</span>{" "}
          <Link
            to={href("change-mail-address")}
            className="btn btn--secondary"
            data-qa="profile-change-email"
          >
            {t("Profile.Email.Change")}
          </Link>
          <PendingEmail email={person.pendingEmail ?? null} />
        </dd>
        <dt>{t("shared:Fields.password")}</dt>
        <dd>
          <span data-qa="profile-password-masked">
            <span aria-hidden="true">••••••••••</span>
            <span className="visually-hidden">{t("Profile.Password.Masked")}</span>
          </span>{" "}
          <Link
            to={href("change-password")}
            className="btn btn--secondary"
            data-qa="profile-change-password"
          >
            {t("Profile.Password.Change")}
          </Link>
        </dd>
      </dl>
    </section>
  );
}

/** The membership: member number and ID when assigned, and the way to assign or update one. */
export function MembershipSection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const assigned = Boolean(person.memberNumber || person.mitgliedskennung);
  return (
    <section
      className="account-section"
      aria-labelledby="profile-membership"
      data-qa="profile-membership"
    >
      <h2 id="profile-membership">{t("Profile.Sections.Membership")}</h2>
      {assigned ? (
        <dl className="account-facts">
          {person.memberNumber ? (
            <>
              <dt>{t("shared:Fields.memberNumber")}</dt>
              <dd data-qa="profile-member-number">{person.memberNumber}</dd>
            </>
          ) : null}
          {person.mitgliedskennung ? (
            <>
              <dt>{t("shared:Fields.mitgliedskennung")}</dt>
              <dd data-qa="profile-mitgliedskennung">{person.mitgliedskennung}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="empty-state" data-qa="profile-membership-none">
          {t("Profile.Membership.None")}
        </p>
      )}
      <p>
        <Link to={href("membership")} data-qa="profile-membership-link">
          {assigned ? t("Profile.Membership.Update") : t("Profile.Membership.Assign")}
        </Link>
      </p>
    </section>
  );
}

/** The company, only when core's `showCompanyData` holds. */
export function CompanySection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const { claims } = useSession();
  if (!showCompanyData({ personLoaded: true, claims })) return null;
  return (
    <section
      className="account-section"
      aria-labelledby="profile-company"
      data-qa="profile-company"
    >
      <h2 id="profile-company">{t("shared:Fields.company")}</h2>
      {person.companyName ? (
        <p data-qa="profile-company-name">{person.companyName}</p>
      ) : (
        <p className="empty-state" data-qa="profile-company-none">
          {t("Profile.Company.None")}
        </p>
      )}
      <p>
        <Link to={href("company")} data-qa="profile-company-link">
          {t("Profile.Company.Edit")}
        </Link>
      </p>
    </section>
  );
}

/**
 * Account deletion in its own danger zone at the end of the profile. Member users cannot
 * delete their account (spec section 6): no zone at all.
 */
export function DangerZoneSection() {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const { claims } = useSession();
  if (!canDeleteAccount(claims)) return null;
  return (
    <section
      className="account-section danger-zone"
      aria-labelledby="profile-danger-zone"
      data-qa="profile-danger-zone"
    >
      <h2 id="profile-danger-zone">{t("Profile.DeleteAccount")}</h2>
      <p>{t("RequestAccountDeletion.Intro")}</p>
      <Link
        to={href("request-account-deletion")}
        className="btn btn--danger"
        data-qa="profile-delete-account"
      >
        {t("Profile.DeleteAccount")}
      </Link>
    </section>
  );
}
