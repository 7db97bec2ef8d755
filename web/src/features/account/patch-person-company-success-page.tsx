import { useTranslation } from "react-i18next";
import { usePerson } from "../../app/person.js";
import { useReachedByAction } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "patch-person-company-success" (/unternehmen/danke): one message per outcome.
 * A saved company is named and will be verified; a removed assignment is only removed.
 * Opened directly (nothing was saved), it goes to the company page.
 */
export default function PatchPersonCompanySuccessPage() {
  const reached = useReachedByAction("company");
  const { t } = useTranslation("account");
  const { person } = usePerson();
  const name = person?.companyName ?? "";
  if (!reached) return null;
  if (name === "")
    return (
      <SuccessLayout
        dataQa="patch-person-company-success"
        title={t("PatchPersonCompanySuccess.TitleRemoved")}
      >
        <p data-qa="patch-person-company-success-removed">
          {t("PatchPersonCompanySuccess.Removed")}
        </p>
      </SuccessLayout>
    );
  return (
    <SuccessLayout
      dataQa="patch-person-company-success"
      title={t("PatchPersonCompanySuccess.Title")}
    >
      <p data-qa="patch-person-company-success-name">
        {t("PatchPersonCompanySuccess.Saved", { name })}
      </p>
      <p>{t("PatchPersonCompanySuccess.Text")}</p>
    </SuccessLayout>
  );
}
