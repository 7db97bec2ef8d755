import {
  diffPerson,
  type PersonForm,
  personalDataRules,
  personToForm,
  validateForm,
} from "@portal/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteNavigate } from "../../app/navigation.js";
import { signalPersonDetails } from "../../app/passkey-signals.js";
import { usePerson } from "../../app/person.js";
import { useServices } from "../../app/services-context.js";
import { useAction } from "../../app/use-action.js";
import { AppForm, SubmitButton } from "../../components/form/index.js";
import { LoadingState } from "../../components/loading-state.js";
import { BirthdateFields } from "./profile/birthdate-fields.js";
import { ConsentFields } from "./profile/consent-fields.js";
import { NameFields, WorkFields } from "./profile/personal-data-fields.js";
import { PhoneFields } from "./profile/phone-fields.js";
import { PrivacySection } from "./profile/privacy-section.js";
import {
  AccessSection,
  CompanySection,
  DangerZoneSection,
  MembershipSection,
} from "./profile/profile-sections.js";
import { AccountCard, AccountPage } from "./shared/account-page.js";
import { UnsavedChangesGuard } from "./shared/unsaved-changes-guard.js";

/** The operations that change the name a password manager shows with the passkeys. */
const NAME_PATHS: ReadonlyArray<string> = ["/givenName", "/surName"];

const validatePersonalData = (values: PersonForm) => validateForm(personalDataRules, { ...values });

/**
 * Route "profile" (/konto), on the account pages' one template: the personal data form
 * with the consents and their history, the sign-in details as a compact card, then short
 * cards for membership, company, one's data and the deletion, each leading to its page. Saving sends
 * exactly core's `diffPerson` operations; the button needs a valid and changed form; the
 * form follows the stored person whenever it changes.
 */
export default function ProfilePage() {
  const { t } = useTranslation("account");
  const { person, loading, setPerson } = usePerson();
  const { api } = useServices();
  const action = useAction("patchPerson");
  const { showFailure } = useFailureDialog();
  const go = useRouteNavigate();
  const initialValues = useMemo(() => (person ? personToForm(person) : null), [person]);
  if (loading || !person || !initialValues) return <LoadingState dataQa="profile-loading" />;

  const submit = async (values: PersonForm) => {
    const operations = diffPerson(person, values);
    if (operations.length === 0) {
      go("patch-person-success");
      return;
    }
    const result = await action.run(() => api.patchMe(operations));
    if (result.ok) {
      // The looked-up company name is not part of the answer: keep the one shown.
      setPerson({ ...result.value, companyName: result.value.companyName ?? person.companyName });
      // A new name: the browser's password manager shows it with the passkeys (issue 49).
      if (operations.some((op) => NAME_PATHS.includes(op.path))) void signalPersonDetails(api);
      go("patch-person-success");
    } else
      showFailure(result.error, {
        dataQa: "patch-person-error-dialog",
        headline: { key: "Dialog.Failed.Header" },
      });
  };

  return (
    <AccountPage dataQa="profile-page" title={t("Profile.Title")} intro={t("Profile.Intro")}>
      <AccountCard
        dataQa="profile-personal-data"
        title={t("Profile.Sections.PersonalData")}
        titleId="profile-personal-data"
      >
        <AppForm<PersonForm>
          dataQa="profile-form"
          aria-labelledby="profile-personal-data"
          enableReinitialize
          initialValues={initialValues}
          validate={validatePersonalData}
          onSubmit={submit}
        >
          <NameFields />
          <BirthdateFields />
          <PhoneFields />
          <WorkFields person={person} />
          <ConsentFields person={person} />
          {action.state.submitting ? <LoadingState dataQa="profile-saving" /> : null}
          <SubmitButton dataQa="profile-submit" requireDirty>
            {t("Profile.Submit")}
          </SubmitButton>
          <UnsavedChangesGuard dataQa="profile-unsaved-changes" />
        </AppForm>
      </AccountCard>
      <AccessSection person={person} />
      {/* Short cards, each a glance and a way to its page; two to a row where there is room. */}
      <div className="account-cards">
        <MembershipSection person={person} />
        <CompanySection person={person} />
        <PrivacySection />
        <DangerZoneSection />
      </div>
    </AccountPage>
  );
}
