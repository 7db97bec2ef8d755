import { useTranslation } from "react-i18next";

/** Route "change-mail-address" (first version; the full page follows). */
export default function ChangeMailAddressPage() {
  const { t } = useTranslation("account");
  return (
    <section data-qa="change-mail-address-page">
      <h1>{t("ChangeMailAddress.Title")}</h1>
    </section>
  );
}
