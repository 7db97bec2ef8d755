import { useTranslation } from "react-i18next";

/** Route "patch-person-success" (first version; the full page follows). */
export default function PatchPersonSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="patch-person-success-page">
      <h1>{t("PatchPersonSuccess.Title")}</h1>
    </section>
  );
}
