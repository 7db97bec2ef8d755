import type { Person } from "@portal/contracts";
import { formatDate } from "@portal/core";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../components/form/index.js";
import { consentTextKey } from "../../../i18n/consent-texts.js";
import { ConsentHistoryDisclosure } from "./consent-history.js";
import { useConsentHistory } from "./use-consent-history.js";

/**
 * The two consents (marketing; research contact), each checked only when GIVEN, with
 * the date of the last change in parentheses as DD.MM.YYYY and its history below.
 */
export function ConsentFields({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  const history = useConsentHistory(person);
  const changed = (iso: string | null) => {
    const date = formatDate(iso);
    return date === "" ? undefined : t("Profile.Consents.ChangedOn", { date });
  };
  return (
    <fieldset className="field-group" data-qa="profile-consents">
      <legend>{t("Profile.Sections.Consents")}</legend>
      <Checkbox
        name="consentMarketing"
        label={t(consentTextKey("marketing"))}
        dataQa="profile-consent-marketing"
        hint={changed(person.consentMarketingLastUpdatedAt)}
      />
      <ConsentHistoryDisclosure kind="marketing" history={history} />
      <Checkbox
        name="consentRecherche"
        label={t(consentTextKey("recherche"))}
        dataQa="profile-consent-recherche"
        hint={changed(person.consentRechercheLastUpdatedAt)}
      />
      <ConsentHistoryDisclosure kind="recherche" history={history} />
    </fieldset>
  );
}
