import { useTranslation } from "react-i18next";

/** Route "change-mail-address-success" (first version; the full page follows). */
export default function ChangeMailAddressSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="change-mail-address-success-page">
      <h1>{t("ChangeMailAddressSuccess.Title")}</h1>
    </section>
  );
}
