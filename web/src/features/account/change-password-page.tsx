import { useTranslation } from "react-i18next";

/** Route "change-password" (first version; the full page follows). */
export default function ChangePasswordPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="change-password-page">
      <h1>{t("ChangePassword.Title")}</h1>
    </section>
  );
}
