import { useTranslation } from "react-i18next";

/** Route "company" (first version; the full page follows). */
export default function CompanyPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="company-page">
      <h1>{t("Company.Title")}</h1>
    </section>
  );
}
