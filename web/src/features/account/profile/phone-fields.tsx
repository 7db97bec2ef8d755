import { countryDialingOptions, dialingCountryFor, type ValidationMessageKey } from "@portal/core";
import { useField } from "formik";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldChrome, useFieldState } from "../../../components/form/field-chrome.js";
import { FieldGroup } from "../../../components/form/field-group.js";
import { TextField } from "../../../components/form/index.js";

const PHONE_PARTS = ["phoneCountry", "phoneArea", "phoneSubscriber", "phoneExtension"];
// validate_phone's message (a part missing) is about the number: said once for it.
const PHONE_MESSAGES: ReadonlyArray<ValidationMessageKey> = ["Validation.phone"];

/**
 * The telephone number in its parts: country dialling code (DE, AT, CH first, then
 * alphabetical in the user's language), area code, subscriber number, extension; a
 * partly filled number says so once the group is left, once for the whole number.
 */
export function PhoneFields() {
  const { t } = useTranslation("account");
  return (
    <FieldGroup
      legend={t("Profile.Fields.Phone")}
      names={PHONE_PARTS}
      messages={PHONE_MESSAGES}
      dataQa="profile-phone"
    >
      <div className="field-row">
        <DialingCodeField
          label={t("Profile.Fields.CountryDialingCode")}
          placeholder={t("Profile.Fields.SelectPlaceholder")}
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
    </FieldGroup>
  );
}

/**
 * One option per country, keyed by its ISO code, while the form keeps the dialling code
 * the API stores ("+1"). Countries sharing a code stay distinct: the user's choice is
 * kept while the value is its code; a stored value selects core's `dialingCountryFor`.
 */
function DialingCodeField(props: { readonly label: string; readonly placeholder: string }) {
  const { i18n } = useTranslation();
  const name = "phoneCountry";
  const [field, , helpers] = useField<string>(name);
  const state = useFieldState(name);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const options = useMemo(() => countryDialingOptions(i18n.language), [i18n.language]);
  const value = field.value ?? "";
  const selected = dialingCountryFor(value, chosen);
  return (
    <FieldChrome field={state} label={props.label} dataQa="profile-phone-country">
      <select
        className="input"
        {...state.control}
        name={name}
        data-qa="profile-phone-country"
        // An unknown stored code stays visible as its own option rather than reading as empty.
        value={selected ?? value}
        autoComplete="tel-country-code"
        onChange={(e) => {
          const option = options.find((o) => o.iso === e.target.value);
          setChosen(option?.iso);
          void helpers.setTouched(true, false);
          void helpers.setValue(option ? option.value : e.target.value, true);
        }}
        onBlur={field.onBlur}
      >
        <option value="">{props.placeholder}</option>
        {selected === undefined && value !== "" ? <option value={value}>{value}</option> : null}
        {options.map((o) => (
          <option key={o.iso} value={o.iso} data-value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldChrome>
  );
}
