import type { PasswordRefusal } from "@portal/core";
import { useTranslation } from "react-i18next";

/**
 * The words of a password's reason (core's `PasswordRefusal`): a character not allowed,
 * the current password, the name, the e-mail, a very common password, a pattern.
 */
export function usePasswordReasonText(): (refusal: PasswordRefusal) => string {
  const { t } = useTranslation("common");
  return (refusal) => {
    if (refusal.kind !== "character") return t(`common:password.reasons.${refusal.kind}`);
    // A space cannot be seen between quotes: it is named instead.
    if (/\s/u.test(refusal.character)) return t("common:password.reasons.space");
    return t("common:password.reasons.character", { character: refusal.character });
  };
}
