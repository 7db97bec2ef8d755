import { useTranslation } from "react-i18next";

/** Route "register-membership-success" (first version; the full page follows). */
export default function RegisterMembershipSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="register-membership-success-page">
      <h1>{t("RegisterMembershipSuccess.Title")}</h1>
    </section>
  );
}
