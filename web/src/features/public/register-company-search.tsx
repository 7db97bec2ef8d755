import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { afterFirstInteraction } from "../../app/first-interaction.js";
import { isFramePrerendered } from "../../app/first-paint.js";

/**
 * The combobox (downshift, a chunk of its own). In a prerendered frame it loads on the
 * visitor's first interaction: until then React keeps the frame's HTML of the field (a
 * Suspense boundary it has not hydrated) and then hydrates it in place, the same input with
 * its focus, caret and text. Elsewhere (a page the app renders itself) it loads at once.
 */
const CompanyCombobox = lazy(() =>
  (isFramePrerendered() ? afterFirstInteraction() : Promise.resolve())
    .then(() => import("../../components/form/company-combobox.js"))
    .then((module) => ({ default: module.CompanyCombobox })),
);

/** The registration's company search. */
export function RegisterCompanySearch() {
  const { t } = useTranslation("public");
  return (
    // The fallback shows only where the app renders the page itself, while the chunk loads.
    <Suspense fallback={<div className="field field--combobox" aria-busy="true" />}>
      <CompanyCombobox
        name="crefonummer"
        textName="companySearch"
        label={t("validation:Fields.companySearch")}
        dataQa="register-company"
        hint={t("register.companyHint")}
      />
    </Suspense>
  );
}
