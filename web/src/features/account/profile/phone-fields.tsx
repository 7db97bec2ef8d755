import { countryDialingOptions } from "@portal/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/form/index.js";

/**
 * The telephone number in its parts: country dialling code (DE, AT, CH first, then
 * alphabetical in the user's language), area code, subscriber number, extension.
 */
export function PhoneFields() {
  const { t, i18n } = useTranslation("account");
  const countries = useMemo(() => {
    // Only the calling code is stored, so countries sharing one (e.g. +1, +7, +44) are one
    // option naming all of them; a separate option each would snap back to the first.
    const byCode = new Map<string, string[]>();
    for (const o of countryDialingOptions(i18n.language)) {
      const names = byCode.get(o.value);
      if (names) names.push(o.name);
      else byCode.set(o.value, [o.name]);
    }
    return [...byCode].map(([value, names]) => ({
      value,
      label: `${names.join(", ")} (${value})`,
    }));
  }, [i18n.language]);
  return (
    <fieldset className="field-group" data-qa="profile-phone">
      <legend>{t("Profile.Fields.Phone")}</legend>
      <div className="field-row">
        <SelectField
          name="phoneCountry"
          label={t("Profile.Fields.CountryDialingCode")}
          dataQa="profile-phone-country"
          autoComplete="tel-country-code"
          placeholder={t("Profile.Fields.SelectPlaceholder")}
          options={countries}
        />
        <TextField
          name="phoneArea"
          label={t("Profile.Fields.AreaDialingCode")}
          dataQa="profile-phone-area"
          autoComplete="tel-area-code"
          inputMode="numeric"
        />
        <TextField
          name="phoneSubscriber"
          label={t("Profile.Fields.SubscriberNumber")}
          dataQa="profile-phone-subscriber"
          autoComplete="tel-local"
          inputMode="numeric"
        />
        <TextField
          name="phoneExtension"
          label={t("Profile.Fields.ExtensionNumber")}
          dataQa="profile-phone-extension"
          autoComplete="tel-extension"
          inputMode="numeric"
        />
      </div>
    </fieldset>
  );
}
