import { useTranslation } from "react-i18next";

/** Route "request-account-deletion-success" (first version; the full page follows). */
export default function RequestAccountDeletionSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="request-account-deletion-success-page">
      <h1>{t("RequestAccountDeletionSuccess.Title")}</h1>
    </section>
  );
}
