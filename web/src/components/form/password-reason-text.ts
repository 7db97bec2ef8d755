import { PASSWORD_REFUSAL_KINDS, type PasswordRefusal } from "@portal/core";
import { useTranslation } from "react-i18next";

/**
 * The words of a password's reason (core's `PasswordRefusal`): a character not allowed,
 * the current password, the name, the e-mail, a very common password, a pattern. Shared by
 * the line under the strength bar and the field's error line, so both say it alike.
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

/**
 * The refusal a validation message carries (`refusal`, `character`: core's password rule),
 * or null.
 */
export const refusalOfParams = (
  params: Readonly<Record<string, unknown>>,
): PasswordRefusal | null => {
  const { refusal, character } = params;
  const kind = PASSWORD_REFUSAL_KINDS.find((k) => k === refusal);
  if (kind === undefined) return null;
  if (kind === "character")
    return typeof character === "string" ? { kind: "character", character } : null;
  return { kind };
};
