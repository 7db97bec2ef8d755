import {
  asksToContactUs,
  checkedPrk,
  errorCodesOf,
  errorMessageKey,
  FIELD_REFUSALS,
  type HttpFailure,
  languageToLocale,
  localeToLanguage,
  offerRetryWithoutMembership,
  type RegistrationQuery,
  registrationRules,
  registrationStart,
  showInvalidPrkNotice,
  validateForm,
  webTargetKey,
} from "@portal/core";
import { type FormikHelpers, useField, useFormikContext } from "formik";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteNavigate } from "../../app/navigation.js";
import { useServices } from "../../app/services-context.js";
import type { ActionHandle } from "../../app/use-action.js";
import { useConfig } from "../../app/use-config.js";
import { AppForm } from "../../components/form/app-form.js";
import { Checkbox } from "../../components/form/checkbox.js";
import {
  CompanyCombobox,
  type CompanyComboboxProps,
} from "../../components/form/company-combobox.js";
import { NewPasswordFields } from "../../components/form/new-password-fields.js";
import { PasswordField } from "../../components/form/password-field.js";
import { RadioGroup } from "../../components/form/radio-group.js";
import { SelectField } from "../../components/form/select-field.js";
import { SubmitButton } from "../../components/form/submit-button.js";
import { TextField } from "../../components/form/text-field.js";
import { useRefusalDialog } from "../../components/form/use-refusal-dialog.js";
import { Notice } from "../../components/notice.js";
import { SupportContact } from "../../components/support-contact.js";
import { consentTextKey } from "../../i18n/consent-texts.js";
import {
  initialRegisterValues,
  type RegisterValues,
  registrationPayload,
} from "./register-form-values.js";

/** The company search (downshift comes in its own chunk beside the page's). */
function CompanySearch() {
  const { t } = useTranslation("public");
  const props: CompanyComboboxProps = {
    name: "crefonummer",
    textName: "companySearch",
    label: t("validation:Fields.companySearch"),
    dataQa: "register-company",
    hint: t("register.companyHint"),
  };
  return <CompanyCombobox {...props} />;
}

function MembershipFields() {
  const { t } = useTranslation("public");
  const { values } = useFormikContext<RegisterValues>();
  return (
    <fieldset className="field-group" data-qa="register-membership">
      <legend>{t("register.membership.legend")}</legend>
      <RadioGroup
        name="withCto"
        legend={t("register.membership.question")}
        dataQa="register-with-cto"
        options={[
          { value: "1", label: t("register.membership.yes"), dataQa: "register-with-cto-yes" },
          { value: "0", label: t("register.membership.no"), dataQa: "register-with-cto-no" },
        ]}
      />
      {values.withCto === "1" ? (
        <>
          <TextField
            name="mitgliedsnummer"
            label={t("validation:Fields.mitgliedsnummer")}
            dataQa="register-mitgliedsnummer"
            inputMode="numeric"
            required
          />
          <TextField
            name="mitgliedskennung"
            label={t("validation:Fields.mitgliedskennung")}
            dataQa="register-mitgliedskennung"
            inputMode="numeric"
            required
          />
          <PasswordField
            name="personalPassword"
            label={t("validation:Fields.personalPassword")}
            dataQa="register-personal-password"
            autoComplete="off"
            required
          />
          <PasswordField
            name="generalPassword"
            label={t("validation:Fields.generalPassword")}
            dataQa="register-general-password"
            autoComplete="off"
            required
          />
        </>
      ) : null}
    </fieldset>
  );
}

export interface RegisterFormFieldsProps {
  readonly member: boolean;
  readonly query: RegistrationQuery;
  /** The page's register action: a bot's submit replaces the whole page. */
  readonly action: ActionHandle;
  /** Shows or hides the page's notice about an unknown registration key (prk). */
  readonly onInvalidPrk: (shown: boolean) => void;
}

/**
 * The registration form (spec sections 3 to 5): fields, the company search, the bot
 * trap, and the submit with its failure paths. Its own chunk (formik and the form kit):
 * the page's frame is shown before it.
 */
export default function RegisterFormFields({
  member,
  query,
  action,
  onInvalidPrk,
}: RegisterFormFieldsProps) {
  const { t, i18n } = useTranslation("public");
  const { api, webTargets: targets } = useServices();
  const config = useConfig();
  const showRefusal = useRefusalDialog();
  const go = useRouteNavigate();
  const [memberFailure, setMemberFailure] = useState<HttpFailure | null>(null);

  const submit = async (values: RegisterValues, helpers: FormikHelpers<RegisterValues>) => {
    setMemberFailure(null);
    const start = registrationStart(values);
    if (start.type === "bot") {
      // Marked submitted with the bot flag; nothing is sent and no success is shown.
      action.dispatch(start);
      return;
    }
    const webTarget = query.prk ? checkedPrk(await targets.get(webTargetKey(query.prk))) : null;
    const badPrk = showInvalidPrkNotice({ prk: query.prk, webTarget });
    onInvalidPrk(badPrk);
    const payload = registrationPayload(values, {
      targetKey: webTarget?.key ?? null,
      prt: query.prt,
      language: localeToLanguage(languageToLocale(i18n.language)),
    });
    const result = await action.run(() => api.register(payload));
    if (result.ok) {
      go("register-success", badPrk ? { invalidPrk: "1" } : undefined, {
        state: { email: payload.email },
      });
      return;
    }
    if (offerRetryWithoutMembership({ withCto: values.withCto === "1", failure: result.error })) {
      setMemberFailure(result.error);
      helpers.setSubmitting(false);
      return;
    }
    showRefusal(
      result.error,
      {
        dataQa: "register-error-dialog",
        action: "register",
        ...(errorCodesOf(result.error.body).length === 0
          ? { message: { key: "Dialog.Failed.Message" } }
          : {}),
      },
      { fields: FIELD_REFUSALS.register, values, helpers },
    );
  };

  return (
    <AppForm<RegisterValues>
      initialValues={initialRegisterValues(query, member)}
      validate={(v) => validateForm(registrationRules, { ...v })}
      onSubmit={submit}
      dataQa="register-form"
      aria-labelledby="register-title"
    >
      <SelectField
        name="salutation"
        label={t("validation:Fields.salutation")}
        dataQa="register-salutation"
        placeholder={t("register.choose")}
        options={["MS", "MR", "MX"].map((s) => ({
          value: s,
          label: t(`register.salutations.${s}`),
        }))}
      />
      <SelectField
        name="title"
        label={t("validation:Fields.title")}
        dataQa="register-title"
        placeholder={t("register.noTitle")}
        options={["DR", "PROF"].map((s) => ({ value: s, label: t(`register.titles.${s}`) }))}
      />
      <div className="field-row">
        <TextField
          name="givenName"
          label={t("validation:Fields.givenName")}
          dataQa="register-given-name"
          autoComplete="given-name"
          maxLength={255}
          required
        />
        <TextField
          name="surname"
          label={t("validation:Fields.surname")}
          dataQa="register-surname"
          autoComplete="family-name"
          maxLength={255}
          required
        />
      </div>
      <TextField
        name="email"
        type="email"
        label={t("validation:Fields.email")}
        dataQa="register-email"
        autoComplete="email"
        maxLength={255}
        required
      />
      <NewPasswordFields
        name="password"
        label={t("validation:Fields.password")}
        confirmationLabel={t("validation:Fields.confirmationPassword")}
        dataQa="register-password"
        confirmationDataQa="register-confirmation-password"
      />
      {query.showSmartSignup ? <CompanySearch /> : null}
      <MembershipFields />
      <Checkbox
        name="consentMarketing"
        label={t(consentTextKey("marketing"))}
        dataQa="register-consent-marketing"
      />
      <Checkbox
        name="consentRecherche"
        label={t(consentTextKey("recherche"))}
        dataQa="register-consent-recherche"
      />
      <Checkbox
        name="termsAccepted"
        required
        dataQa="register-terms"
        label={
          <>
            {t("register.termsBefore")}{" "}
            <a
              href={config.branding.termsOfUseUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-qa="register-terms-link"
            >
              {t("register.termsLink")}
            </a>
          </>
        }
      />
      <BotTrap />
      {memberFailure ? <MemberFailureOffer failure={memberFailure} /> : null}
      <div className="actions">
        <SubmitButton dataQa="register-submit">{t("register.submit")}</SubmitButton>
      </div>
    </AppForm>
  );
}

/** The hidden city field: people never see or reach it, bots fill it (spec section 4). */
function BotTrap() {
  const { t } = useTranslation("public");
  const [field] = useField<string>("city");
  return (
    <div className="bot-trap" aria-hidden="true">
      <label htmlFor="field-city">{t("validation:Fields.city")}</label>
      <input {...field} id="field-city" tabIndex={-1} autoComplete="off" data-qa="register-city" />
    </div>
  );
}

/**
 * After a member-credential failure: correct the membership details, or register without
 * the membership ID. The notice takes the focus the submit had, so it is read at once, and
 * a new failure shows (and announces) it anew. Correcting moves the focus to the first
 * membership field: sending the same details again could only fail the same way.
 */
function MemberFailureOffer({ failure }: { readonly failure: HttpFailure }) {
  const { t } = useTranslation("public");
  const { submitForm, setFieldValue } = useFormikContext<RegisterValues>();
  const notice = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (each attempt's answer) takes the focus
  useEffect(() => notice.current?.focus(), [failure]);
  const code = errorCodesOf(failure.body)[0] ?? "Default";
  return (
    <Notice
      ref={notice}
      tone="error"
      dataQa="register-member-failure"
      title={t("register.memberFailure.title")}
    >
      <p>{t(`errors:${errorMessageKey(code)}`)}</p>
      {asksToContactUs([code]) ? <SupportContact dataQa="register-member-support-contact" /> : null}
      <p>{t("register.memberFailure.offer")}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="register-member-retry"
          onClick={() => document.getElementById("field-mitgliedsnummer")?.focus()}
        >
          {t("register.memberFailure.retry")}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="register-without-membership"
          onClick={async () => {
            await setFieldValue("withCto", "0", true);
            await submitForm();
          }}
        >
          {t("register.memberFailure.without")}
        </button>
      </div>
    </Notice>
  );
}
