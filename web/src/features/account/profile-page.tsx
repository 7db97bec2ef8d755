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
import { UnsavedChangesGuard } from "./shared/unsaved-changes-guard.js";

const validatePersonalData = (values: PersonForm) => validateForm(personalDataRules, { ...values });

/**
 * Route "profile" (/konto): the personal data form with the consents and their history,
 * sign-in details, membership, company and the download of one's data. Saving sends
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
      go("patch-person-success");
    } else
      showFailure(result.error, {
        dataQa: "patch-person-error-dialog",
        headline: { key: "Dialog.Failed.Header" },
      });
  };

  return (
    <section className="account-page account-page--cards" data-qa="profile-page">
      <h1>{t("Profile.Title")}</h1>
      <p>{t("Profile.Intro")}</p>
      <section
        className="account-section"
        aria-labelledby="profile-personal-data"
        data-qa="profile-personal-data"
      >
        <h2 id="profile-personal-data">{t("Profile.Sections.PersonalData")}</h2>
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
      </section>
      <AccessSection person={person} />
      <MembershipSection person={person} />
      <CompanySection person={person} />
      <PrivacySection />
      <DangerZoneSection />
    </section>
  );
}
