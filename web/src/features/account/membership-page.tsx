import { useTranslation } from "react-i18next";

/** Route "membership" (first version; the full page follows). */
export default function MembershipPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="membership-page">
      <h1>{t("Membership.Title")}</h1>
    </section>
  );
}
