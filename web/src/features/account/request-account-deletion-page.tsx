import { useTranslation } from "react-i18next";

/** Route "request-account-deletion" (first version; the full page follows). */
export default function RequestAccountDeletionPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="request-account-deletion-page">
      <h1>{t("RequestAccountDeletion.Title")}</h1>
    </section>
  );
}
