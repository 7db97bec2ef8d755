import type { Person } from "@portal/contracts";
import {
  companyChosen,
  companyOnLoad,
  diffCompany,
  needsCompanyLookup,
  ok,
  showCompanyData,
  validateForm,
} from "@portal/core";
import { useFormikContext } from "formik";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteNavigate } from "../../app/navigation.js";
import { usePerson } from "../../app/person.js";
import { useServices } from "../../app/services-context.js";
import { useSession } from "../../app/session.js";
import { useAction } from "../../app/use-action.js";
import { useLoad } from "../../app/use-load.js";
import { AppForm, CompanyCombobox, SubmitButton } from "../../components/form/index.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";

type CompanyValues = {
  /** The typed or chosen company name. */
  readonly companyName: string;
  /** The chosen company's number; "" while none is chosen from the list. */
  readonly crefonummer: string;
};

// Spec section 5: a company must be chosen from the suggestion list.
const companyRules = { companyName: [companyChosen("crefonummer")] };

function ResetSelection() {
  const { t } = useTranslation("account");
  const { values, setValues, isSubmitting } = useFormikContext<CompanyValues>();
  const empty = values.companyName === "" && values.crefonummer === "";
  return (
    <button
      type="button"
      className="btn btn--secondary"
      data-qa="company-reset"
      disabled={isSubmitting || empty}
      onClick={() => void setValues({ companyName: "", crefonummer: "" }, true)}
    >
      {t("Company.Reset")}
    </button>
  );
}

/**
 * The stored company, as the form will leave it: once the selection is reset (nothing
 * chosen, a number stored) it is no longer shown as stored, and a warning says plainly
 * that saving removes it, on a button that says "remove".
 */
function ShownCompany({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const { values } = useFormikContext<CompanyValues>();
  const number = person.crefonummer ?? person.unverifiedCrefonummer;
  const stored = person.companyName || number;
  if (removesStored(person, values)) {
    const name =
      person.companyName ?? t("Company.Crefonummer", { crefonummer: person.unverifiedCrefonummer });
    return (
      <Notice tone="warning" dataQa="company-removal-notice">
        {t("Company.Removal", { name })}
      </Notice>
    );
  }
  return stored ? (
    <p data-qa="company-current">
      {person.companyName ? <span>{person.companyName} </span> : null}
      {number ? <span>({t("Company.Crefonummer", { crefonummer: number })})</span> : null}
    </p>
  ) : (
    <p data-qa="company-current-none">{t("Company.CurrentNone")}</p>
  );
}

/** True when saving these values removes the stored (unverified) company number. */
const removesStored = (person: Person, values: CompanyValues): boolean =>
  person.unverifiedCrefonummer !== null && values.crefonummer === "" && values.companyName === "";

function SaveButton({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const { values } = useFormikContext<CompanyValues>();
  return (
    <SubmitButton dataQa="company-submit" requireDirty>
      {removesStored(person, values) ? t("Company.SubmitRemoval") : t("Company.Submit")}
    </SubmitButton>
  );
}

// The combobox shows its error under the chosen-number field.
const validateCompany = (values: CompanyValues) => ({
  crefonummer: validateForm(companyRules, values).companyName,
});

/**
 * Route "company" (/unternehmen): search the company, reset the selection, save the
 * unverified company number through core's `diffCompany`. Only when `showCompanyData` holds.
 */
export default function CompanyPage() {
  const { t } = useTranslation("account");
  const { person, setPerson } = usePerson();
  const { claims } = useSession();
  const { api, companySearch: search } = useServices();
  const action = useAction("patchPersonCompany");
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();

  // Spec section 4: a stored unverified number without a name is looked up on load.
  const lookup = person && needsCompanyLookup(person) && !person.companyName ? person : null;
  // The person as the lookup completes it (a failed lookup drops the unknown number).
  const completed = useLoad(lookup ? (lookup.unverifiedCrefonummer ?? "") : null, (signal) =>
    search
      .suggest(lookup?.unverifiedCrefonummer ?? "", { signal })
      .then((result) => ok(lookup ? companyOnLoad(lookup, result) : null)),
  ).load;
  useEffect(() => {
    if (completed.state === "loaded" && completed.value) setPerson(completed.value);
  }, [completed, setPerson]);

  if (!person) return <LoadingState dataQa="company-loading" />;
  if (!showCompanyData({ personLoaded: true, claims })) {
    return (
      <AccountPage dataQa="company-page" title={t("shared:Fields.company")}>
        <AccountCard>
          <Notice dataQa="company-not-available">{t("Company.NotAvailable")}</Notice>
        </AccountCard>
      </AccountPage>
    );
  }

  const submit = async (values: CompanyValues) => {
    const chosen = values.crefonummer === "" ? null : values.crefonummer;
    const operations = diffCompany(person, chosen);
    const result = await action.run(() => api.patchMe(operations));
    if (!result.ok) {
      showFailure(result.error, { dataQa: "patch-person-company-error-dialog" });
      return;
    }
    // Spec section 4: after the patch the stored company name and number are updated.
    setPerson({
      ...result.value,
      unverifiedCrefonummer: chosen,
      companyName: chosen ? values.companyName : null,
    });
    go("patch-person-company-success", undefined, { state: { done: true } });
  };

  return (
    <AccountPage
      dataQa="company-page"
      title={t("shared:Fields.company")}
      titleId="company-title"
      intro={t("Company.Intro")}
    >
      <AccountCard>
        <AppForm<CompanyValues>
          dataQa="company-form"
          aria-labelledby="company-title"
          enableReinitialize
          initialValues={{
            companyName: person.companyName ?? "",
            crefonummer: person.unverifiedCrefonummer ?? "",
          }}
          validate={validateCompany}
          onSubmit={submit}
        >
          <h2>{t("Company.Current")}</h2>
          <ShownCompany person={person} />
          <CompanyCombobox
            name="crefonummer"
            textName="companyName"
            label={t("Company.Search")}
            dataQa="company-search"
          />
          {action.state.submitting ? <LoadingState dataQa="company-saving" /> : null}
          <div className="actions">
            <SaveButton person={person} />
            <ResetSelection />
          </div>
        </AppForm>
      </AccountCard>
    </AccountPage>
  );
}
