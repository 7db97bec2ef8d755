import type { Person } from "@portal/contracts";
import { canDeleteAccount, showCompanyData } from "@portal/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useFailureDialog } from "../../../app/failure-dialog-state.js";
import { useRouteHref } from "../../../app/navigation.js";
import { usePerson } from "../../../app/person.js";
import { useServices } from "../../../app/services-context.js";
import { useSession } from "../../../app/session.js";
import { useAction } from "../../../app/use-action.js";
import { useConfig } from "../../../app/use-config.js";
import { Notice } from "../../../components/notice.js";
import { ResendMail } from "../../../components/resend-mail.js";
import { AccountCard } from "../shared/account-page.js";

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

/** The sign-in details, compact: e-mail and masked password, each with its change button. */
export function AccessSection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  return (
    <AccountCard
      dataQa="profile-access"
      title={t("Profile.Sections.Access")}
      titleId="profile-access"
    >
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
    </AccountCard>
  );
}

/** A short card: its state in a line or two and the link to its page. */
function ShortCard(props: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
  readonly link: ReactNode;
  readonly danger?: boolean;
}) {
  return (
    <AccountCard
      dataQa={props.id}
      title={props.title}
      titleId={props.id}
      tone={props.danger ? "danger" : "short"}
    >
      {props.children}
      <p className="account-section__action">{props.link}</p>
    </AccountCard>
  );
}

/** The membership: member number and ID when assigned, and the way to assign or update one. */
export function MembershipSection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const assigned = Boolean(person.memberNumber || person.mitgliedskennung);
  return (
    <ShortCard
      id="profile-membership"
      title={t("Profile.Sections.Membership")}
      link={
        <Link to={href("membership")} data-qa="profile-membership-link">
          {assigned ? t("Profile.Membership.Update") : t("Profile.Membership.Assign")}
        </Link>
      }
    >
      {assigned ? (
        <dl className="account-facts account-facts--short">
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
        <p className="text-muted" data-qa="profile-membership-none">
          {t("Profile.Membership.None")}
        </p>
      )}
    </ShortCard>
  );
}

/** The company, only when core's `showCompanyData` holds. */
export function CompanySection({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const { claims } = useSession();
  if (!showCompanyData({ personLoaded: true, claims })) return null;
  return (
    <ShortCard
      id="profile-company"
      title={t("shared:Fields.company")}
      link={
        <Link to={href("company")} data-qa="profile-company-link">
          {t("Profile.Company.Edit")}
        </Link>
      }
    >
      {person.companyName ? (
        <p data-qa="profile-company-name">{person.companyName}</p>
      ) : (
        <p className="text-muted" data-qa="profile-company-none">
          {t("Profile.Company.None")}
        </p>
      )}
    </ShortCard>
  );
}

/**
 * Account deletion in its own danger card, last. Member users cannot delete their account
 * (spec section 6): no card at all.
 */
export function DangerZoneSection() {
  const { t } = useTranslation("account");
  const href = useRouteHref();
  const { claims } = useSession();
  const grace = useConfig().deletionGraceDays;
  if (!canDeleteAccount(claims)) return null;
  return (
    <ShortCard
      id="profile-danger-zone"
      title={t("Profile.DeleteAccount")}
      danger
      link={
        <Link
          to={href("request-account-deletion")}
          className="btn btn--danger"
          data-qa="profile-delete-account"
        >
          {t("Profile.DeleteAccount")}
        </Link>
      }
    >
      <p>
        {grace > 0
          ? t("RequestAccountDeletion.IntroGrace", { count: grace })
          : t("RequestAccountDeletion.Intro")}
      </p>
    </ShortCard>
  );
}
