import { changeEmailRules, FIELD_REFUSALS, TEXT_MAX_LENGTH, validateForm } from "@portal/core";
import type { FormikHelpers } from "formik";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref, useRouteNavigate } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { AppForm, SubmitButton, TextField } from "../../components/form/index.js";
import { type RefusedForm, useRefusalDialog } from "../../components/form/use-refusal-dialog.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";
import { asksForFreshSignIn, useFreshSignIn } from "./shared/fresh-sign-in.js";

type ChangeMailValues = {
  readonly newEmail: string;
  /** Not a field: the rule 'must differ from the current one' compares with it. */
  readonly currentEmail: string;
};

const validateChangeMail = (values: ChangeMailValues) => validateForm(changeEmailRules, values);

/**
 * Route "change-mail-address" (/konto/email-aendern): the new address, which must differ
 * from the current one; success sends the confirmation mail and shows where it went.
 */
export default function ChangeMailAddressPage() {
  const { t } = useTranslation("account");
  const { person, reload } = usePerson();
  const { api } = useServices();
  const action = useAction("setNewEmail");
  const showRefusal = useRefusalDialog();
  const go = useRouteNavigate();
  const href = useRouteHref();
  // `resumed`: sent by itself after a new sign-in, so a refusal now is only shown. `form`:
  // sent from the form, whose field then says a refusal that belongs to it.
  const send = async (newEmail: string, resumed: boolean, form?: RefusedForm<ChangeMailValues>) => {
    const result = await action.run(() => api.changeMailAddress({ newEmail }));
    if (result.ok) {
      // The profile shows the pending change from the stored person.
      void reload();
      go("change-mail-address-success", undefined, { state: { email: result.value.email } });
    } else if (!resumed && asksForFreshSignIn(result.error.body))
      await fresh.signInAgain({ newEmail });
    else showRefusal(result.error, { dataQa: "change-mail-address-error-dialog" }, form);
  };
  const fresh = useFreshSignIn("change-mail-address", (kept) =>
    kept.newEmail ? void send(kept.newEmail, true) : undefined,
  );
  if (!person) return <LoadingState dataQa="change-mail-address-loading" />;

  const submit = async (values: ChangeMailValues, helpers: FormikHelpers<ChangeMailValues>) => {
    const newEmail = values.newEmail.trim();
    // A new address needs a sign-in within 5 minutes: sign in again first (the address is
    // kept), then it is sent by itself.
    if (fresh.needed()) await fresh.signInAgain({ newEmail });
    else
      await send(newEmail, false, {
        fields: FIELD_REFUSALS.changeMailAddress,
        values,
        helpers,
      });
  };

  return (
    <AccountPage
      dataQa="change-mail-address-page"
      title={t("ChangeMailAddress.Title")}
      titleId="change-mail-address-title"
      intro={t("ChangeMailAddress.Intro")}
    >
      <AccountCard>
        <dl className="account-facts">
          <dt>{t("ChangeMailAddress.Current")}</dt>
          <dd data-qa="change-mail-address-current">{person.email}</dd>
        </dl>
        {fresh.redirecting ? (
          <Notice tone="info" dataQa="change-mail-address-fresh-sign-in">
            {t("Common.FreshSignIn.Notice")}
          </Notice>
        ) : null}
        <AppForm<ChangeMailValues>
          dataQa="change-mail-address-form"
          aria-labelledby="change-mail-address-title"
          initialValues={{ newEmail: fresh.resumed?.newEmail ?? "", currentEmail: person.email }}
          validate={validateChangeMail}
          onSubmit={submit}
        >
          <TextField
            name="newEmail"
            type="email"
            label={t("ChangeMailAddress.NewEmail")}
            dataQa="change-mail-address-new-email"
            autoComplete="email"
            inputMode="email"
            maxLength={TEXT_MAX_LENGTH}
            required
          />
          <div className="actions">
            <SubmitButton dataQa="change-mail-address-submit" disableUntilValid>
              {t("ChangeMailAddress.Submit")}
            </SubmitButton>
            <Link
              to={href("profile")}
              className="btn btn--secondary"
              data-qa="change-mail-address-cancel"
            >
              {t("shared:Actions.cancel")}
            </Link>
          </div>
        </AppForm>
      </AccountCard>
    </AccountPage>
  );
}
