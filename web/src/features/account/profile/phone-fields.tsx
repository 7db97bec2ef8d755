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
  const countries = useMemo(
    () =>
      countryDialingOptions(i18n.language).map((o) => ({
        value: o.value,
        label: `${o.name} (${o.value})`,
      })),
    [i18n.language],
  );
  // Several countries share a code (e.g. +1, +7): the first is the one the select shows.
  const unique = useMemo(() => {
    const seen = new Set<string>();
    return countries.filter((c) => {
      if (seen.has(c.value)) return false;
      seen.add(c.value);
      return true;
    });
  }, [countries]);
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
          options={unique}
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
