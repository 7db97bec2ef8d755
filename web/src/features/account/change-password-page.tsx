import { changePasswordRules, FIELD_REFUSALS, validateForm } from "@portal/core";
import type { FormikHelpers } from "formik";
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
import { AccountCard, AccountPage } from "./shared/account-page.js";

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
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation("account");
  const { person } = usePerson();
  const { api } = useServices();
  const action = useAction("setNewPassword");
  const showRefusal = useRefusalDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  if (!person) return <LoadingState dataQa="change-password-loading" />;

  const submit = async (
    values: ChangePasswordValues,
    helpers: FormikHelpers<ChangePasswordValues>,
  ) => {
    const { oldPassword, newPassword } = values;
    const result = await action.run(() => api.changePassword({ oldPassword, newPassword }));
    if (result.ok) go("change-password-success");
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
