import { useTranslation } from "react-i18next";
import { SuccessLayout } from "./shared/success-layout.js";

/** Route "patch-person-success" (/konto/danke): the personal data was saved. */
export default function PatchPersonSuccessPage() {
  const { t } = useTranslation("account");
  return (
    <SuccessLayout dataQa="patch-person-success" title={t("PatchPersonSuccess.Title")}>
      <p>{t("PatchPersonSuccess.Text")}</p>
    </SuccessLayout>
  );
}
