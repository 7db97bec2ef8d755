import { useTranslation } from "react-i18next";
import { SuccessLayout } from "./shared/success-layout.js";

/** Route "change-password-success" (/konto/passwort-aendern/danke). */
export default function ChangePasswordSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <SuccessLayout dataQa="change-password-success" title={t("ChangePasswordSuccess.Title")}>
      <p>{t("ChangePasswordSuccess.Text")}</p>
    </SuccessLayout>
  );
}
