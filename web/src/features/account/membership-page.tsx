import { errorCodesOf, isMemberCredentialError, membershipRules, validateForm } from "@portal/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteNavigate } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { AppForm, PasswordField, SubmitButton, TextField } from "../../components/form/index.js";
import { LoadingState } from "../../components/loading-state.js";
import { MemberCredentialErrors } from "./membership/member-credential-errors.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";

type MembershipValues = {
  readonly mitgliedskennung: string;
  readonly personalPassword: string;
  readonly generalPassword: string;
};

const EMPTY: MembershipValues = { mitgliedskennung: "", personalPassword: "", generalPassword: "" };

/** The refused member credentials of the last attempt, shown on the page. */
interface Refusal {
  readonly codes: ReadonlyArray<string>;
  readonly correlationId: string | null;
}

const validateMembership = (values: MembershipValues) => validateForm(membershipRules, values);

/**
 * Route "membership" (/mitgliedschaft): assign a membership ID with its personal and
 * general password (upgrade, or update when one is assigned). Once linked, the page shows
 * the membership as a status and offers the form only behind "Change membership ID".
 * Each refused member-credential code is shown with its text; other failures open the
 * dialog.
 */
export default function MembershipPage() {
  const { t } = useTranslation("account");
  const { person } = usePerson();
  const { api } = useServices();
  const action = useAction("registerMembership");
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Linked: the form only once the person asks to change the membership.
  const [changing, setChanging] = useState(false);
  const page = useRef<HTMLElement>(null);
  const toggled = useRef(false);
  const toggle = (open: boolean) => {
    toggled.current = true;
    setRefusal(null);
    setChanging(open);
  };
  // After the person opened or closed the form (never on arrival, where the heading has the
  // focus): its first field, or the button again, so the focus is not left on <body>.
  useEffect(() => {
    if (!toggled.current) return;
    const target = changing ? "membership-mitgliedskennung" : "membership-change";
    page.current?.querySelector<HTMLElement>(`[data-qa="${target}"]`)?.focus();
  }, [changing]);
  if (!person) return <LoadingState dataQa="membership-loading" />;

  const assigned = Boolean(person.mitgliedskennung || person.memberNumber);
  const submit = async (values: MembershipValues) => {
    setRefusal(null);
    const body = {
      mitgliedskennung: values.mitgliedskennung.trim(),
      personalPassword: values.personalPassword,
      generalPassword: values.generalPassword,
    };
    const result = await action.run(() => api.registerMembership(body));
    if (result.ok) {
      go("register-membership-success", undefined, { state: { ...result.value, done: true } });
      return;
    }
    const codes = errorCodesOf(result.error.body);
    if (isMemberCredentialError(codes))
      setRefusal({ codes, correlationId: result.error.correlationId });
    else showFailure(result.error, { dataQa: "register-membership-error-dialog" });
  };

  return (
    <AccountPage
      pageRef={page}
      dataQa="membership-page"
      title={t("Membership.Title")}
      titleId="membership-title"
      intro={assigned ? t("Membership.Linked") : t("Membership.Intro")}
    >
      <AccountCard>
        {assigned ? (
          <dl className="account-facts" data-qa="membership-current">
            {person.memberNumber ? (
              <>
                <dt>{t("shared:Fields.memberNumber")}</dt>
                <dd data-qa="membership-current-member-number">{person.memberNumber}</dd>
              </>
            ) : null}
            {person.mitgliedskennung ? (
              <>
                <dt>{t("shared:Fields.mitgliedskennung")}</dt>
                <dd data-qa="membership-current-mitgliedskennung">{person.mitgliedskennung}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {assigned && !changing ? (
          <p>
            <button
              type="button"
              className="btn btn--secondary"
              data-qa="membership-change"
              onClick={() => toggle(true)}
            >
              {t("Membership.Change")}
            </button>
          </p>
        ) : null}
        {assigned && !changing ? null : (
          <>
            {refusal ? <MemberCredentialErrors {...refusal} /> : null}
            <AppForm<MembershipValues>
              dataQa="membership-form"
              aria-labelledby="membership-title"
              initialValues={EMPTY}
              validate={validateMembership}
              onSubmit={submit}
            >
              <TextField
                name="mitgliedskennung"
                label={t("shared:Fields.mitgliedskennung")}
                dataQa="membership-mitgliedskennung"
                inputMode="numeric"
                autoComplete="off"
                required
              />
              <PasswordField
                name="personalPassword"
                label={t("shared:Fields.personalPassword")}
                dataQa="membership-personal-password"
                autoComplete="off"
                required
              />
              <PasswordField
                name="generalPassword"
                label={t("shared:Fields.generalPassword")}
                dataQa="membership-general-password"
                autoComplete="off"
                required
              />
              {action.state.submitting ? <LoadingState dataQa="membership-saving" /> : null}
              <SubmitButton
                dataQa={assigned ? "membership-update" : "membership-upgrade"}
                disableUntilValid
              >
                {assigned ? t("Membership.Update") : t("Membership.Upgrade")}
              </SubmitButton>
              {changing ? (
                <button
                  type="button"
                  className="btn btn--quiet"
                  data-qa="membership-change-cancel"
                  onClick={() => toggle(false)}
                >
                  {t("shared:Actions.cancel")}
                </button>
              ) : null}
            </AppForm>
          </>
        )}
      </AccountCard>
    </AccountPage>
  );
}
