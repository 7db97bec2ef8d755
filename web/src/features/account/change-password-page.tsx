import { changePasswordRules, FIELD_REFUSALS, validateForm } from "@portal/core";
import type { FormikHelpers } from "formik";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import {
  AppForm,
  NewPasswordFields,
  PasswordField,
  SubmitButton,
} from "../../components/form/index.js";
import { useRefusalDialog } from "../../components/form/use-refusal-dialog.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";
import { asksForFreshSignIn, useFreshSignIn } from "./shared/fresh-sign-in.js";

type ChangePasswordValues = {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmationPassword: string;
  // Not fields: the policy refuses passwords that contain the person's names or address.
  readonly givenName: string;
  readonly surName: string;
  readonly currentEmail: string;
};

const validateChangePassword = (values: ChangePasswordValues) =>
  validateForm(changePasswordRules, values);

/**
 * Route "change-password" (/konto/passwort-aendern): current and new password with the
 * live requirement hints and the strength meter; the server's codes (wrong current
 * password, already used, too easy to guess, ...) are shown in the failure dialog, then
 * at the field they belong to.
 *
 * A sign-in older than 5 minutes is renewed first (prompt=login, back to this page), as
 * before the other sensitive changes; the server checks it too (REAUTHENTICATION_REQUIRED).
 * Unlike a new e-mail address, passwords are never kept across that sign-in (the kept
 * change sits in sessionStorage, which holds no secret): so the page asks when it opens,
 * before anything is typed (once per page load: back from the sign-in it asks no more, so
 * a browser clock that is off cannot loop), and only a window that ran out while typing
 * asks for them again.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation("account");
  const { person } = usePerson();
  const { api } = useServices();
  const action = useAction("setNewPassword");
  const showRefusal = useRefusalDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  // Nothing is carried over: back from the sign-in, the form is there to be filled.
  const fresh = useFreshSignIn("change-password", () => undefined);
  // Once per page load, also when React runs effects twice.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || fresh.resumed || !fresh.needed()) return;
    asked.current = true;
    void fresh.signInAgain();
  }, [fresh]);
  if (fresh.redirecting) {
    return (
      <AccountPage dataQa="change-password-page" title={t("ChangePassword.Title")}>
        <AccountCard>
          <Notice tone="info" dataQa="change-password-fresh-sign-in">
            {t("ChangePassword.FreshSignIn")}
          </Notice>
        </AccountCard>
      </AccountPage>
    );
  }
  if (!person) return <LoadingState dataQa="change-password-loading" />;

  const submit = async (
    values: ChangePasswordValues,
    helpers: FormikHelpers<ChangePasswordValues>,
  ) => {
    const { oldPassword, newPassword } = values;
    const result = await action.run(() => api.changePassword({ oldPassword, newPassword }));
    if (result.ok) go("change-password-success");
    // The 5 minutes ran out while the form was filled in: sign in again, then type again.
    // The server's clock decides here, not the browser's, which may be off (no loop).
    else if (asksForFreshSignIn(result.error.body)) await fresh.signInAgain();
    else
      showRefusal(
        result.error,
        { dataQa: "change-password-error-dialog", headline: { key: "Dialog.Failed.Header" } },
        { fields: FIELD_REFUSALS.changePassword, values, helpers },
      );
  };

  return (
    <AccountPage
      dataQa="change-password-page"
      title={t("ChangePassword.Title")}
      titleId="change-password-title"
      intro={t("ChangePassword.Intro")}
    >
      <AccountCard>
        <AppForm<ChangePasswordValues>
          dataQa="change-password-form"
          aria-labelledby="change-password-title"
          initialValues={{
            oldPassword: "",
            newPassword: "",
            confirmationPassword: "",
            givenName: person.givenName,
            surName: person.surName,
            currentEmail: person.email,
          }}
          validate={validateChangePassword}
          onSubmit={submit}
        >
          <PasswordField
            name="oldPassword"
            label={t("ChangePassword.OldPassword")}
            dataQa="change-password-old"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            name="newPassword"
            label={t("ChangePassword.NewPassword")}
            confirmationLabel={t("ChangePassword.ConfirmationPassword")}
            dataQa="change-password-new"
            confirmationDataQa="change-password-confirmation"
          />
          <div className="actions">
            <SubmitButton dataQa="change-password-submit" disableUntilValid>
              {t("ChangePassword.Submit")}
            </SubmitButton>
            <Link
              to={href("profile")}
              className="btn btn--secondary"
              data-qa="change-password-cancel"
            >
              {t("shared:Actions.cancel")}
            </Link>
          </div>
        </AppForm>
      </AccountCard>
    </AccountPage>
  );
}
