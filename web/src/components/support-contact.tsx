import { useTranslation } from "react-i18next";
import { useConfig } from "../app/use-config.js";

/** `tel:` wants the digits and a leading plus only. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * The one support contact (SUPPORT_CONTACT_* in the server's config.json) as real links:
 * the address as `mailto:`, the phone as `tel:` and the contact page, where configured.
 * Shown wherever a text asks the person to contact us (issue 46: "contact us" without a
 * way to).
 */
export function SupportContact({ dataQa }: { readonly dataQa: string }) {
  const { t } = useTranslation("common");
  const { email, phone, url } = useConfig().supportContact;
  if (!email) return null;
  return (
    <p className="support-contact" data-qa={dataQa}>
      {t("supportContact.intro")} <a href={`mailto:${email}`}>{email}</a>
      {phone ? (
        <>
          {" · "}
          <a href={telHref(phone)}>{phone}</a>
        </>
      ) : null}
      {url ? (
        <>
          {" · "}
          <a href={url}>{t("supportContact.page")}</a>
        </>
      ) : null}
    </p>
  );
}
