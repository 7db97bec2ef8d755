import { useTranslation } from "react-i18next";
import { usePending } from "../app/use-pending.js";

/** A loading indicator; keeps the page-ready flag false while shown. */
export function LoadingState({ dataQa = "loading", label }: { dataQa?: string; label?: string }) {
  const { t } = useTranslation("common");
  usePending(true);
  return (
    <div className="loading" role="status" aria-live="polite" aria-busy="true" data-qa={dataQa}>
      <span className="loading__spinner" aria-hidden="true" />
      <span>{label ?? t("loading")}</span>
    </div>
  );
}
