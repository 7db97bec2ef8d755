import { useTranslation } from "react-i18next";

/** Route "change-password-success" (first version; the full page follows). */
export default function ChangePasswordSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="change-password-success-page">
      <h1>{t("ChangePasswordSuccess.Title")}</h1>
    </section>
  );
}
