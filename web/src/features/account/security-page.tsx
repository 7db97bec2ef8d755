import { useTranslation } from "react-i18next";

/** Route "security" (first version; the full page follows). */
export default function SecurityPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="security-page">
      <h1>{t("Security.Title")}</h1>
    </section>
  );
}
