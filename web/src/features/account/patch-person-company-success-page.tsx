import { useTranslation } from "react-i18next";

/** Route "patch-person-company-success" (first version; the full page follows). */
export default function PatchPersonCompanySuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="patch-person-company-success-page">
      <h1>{t("PatchPersonCompanySuccess.Title")}</h1>
    </section>
  );
}
