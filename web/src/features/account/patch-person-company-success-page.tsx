import "./account.css";
import { useTranslation } from "react-i18next";
import { usePerson } from "../../app/person.js";
import { useReachedByAction } from "./shared/navigation-state.js";
import { SuccessLayout } from "./shared/success-layout.js";

/**
 * Route "patch-person-company-success" (/unternehmen/danke): the company was saved. Opened
 * directly (nothing was saved), it goes to the company page.
 */
export default function PatchPersonCompanySuccessPage() {
  const reached = useReachedByAction("company");
  const { t } = useTranslation("account");
  const { person } = usePerson();
  const name = person?.companyName ?? "";
  if (!reached) return null;
  return (
    <SuccessLayout
      dataQa="patch-person-company-success"
      title={t("PatchPersonCompanySuccess.Title")}
    >
      {name !== "" ? (
        <p data-qa="patch-person-company-success-name">
          {t("PatchPersonCompanySuccess.Saved", { name })}
        </p>
      ) : (
        <p data-qa="patch-person-company-success-removed">
          {t("PatchPersonCompanySuccess.Removed")}
        </p>
      )}
      <p>{t("PatchPersonCompanySuccess.Text")}</p>
    </SuccessLayout>
  );
}
