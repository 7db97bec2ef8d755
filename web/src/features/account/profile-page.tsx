import { useTranslation } from "react-i18next";

/** Route "profile" (first version; the full page follows). */
export default function ProfilePage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="profile-page">
      <h1>{t("Profile.Title")}</h1>
    </section>
  );
}
