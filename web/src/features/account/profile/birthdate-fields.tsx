import { DAYS, MONTHS, uiLanguage, type ValidationMessageKey, yearOptions } from "@portal/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { FieldGroup } from "../../../components/form/field-group.js";
import { SelectField } from "../../../components/form/index.js";

const BIRTHDATE_PARTS = ["birthdayDay", "birthdayMonth", "birthdayYear"];
// A part missing, no real date (31 February), a date in the future: said once for the date.
const BIRTHDATE_MESSAGES: ReadonlyArray<ValidationMessageKey> = [
  "Validation.birthdate",
  "Validation.birthdateFuture",
];

/**
 * The birthdate in three selects (day 01 to 31, month, year: current year back 100
 * years), validated together by core's personal-data rules; a partly filled date says so
 * once the group is left, once for the whole date.
 */
export function BirthdateFields() {
  const { t, i18n } = useTranslation("account");
  const { clock } = useServices();
  const language = uiLanguage(i18n.language);
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" });
    return MONTHS.map((m) => ({
      value: m,
      label: format.format(Date.UTC(2000, Number(m) - 1, 1)),
    }));
  }, [language]);
  const years = useMemo(() => yearOptions(clock).map((y) => ({ value: y, label: y })), [clock]);
  const placeholder = t("Profile.Fields.SelectPlaceholder");
  return (
    <FieldGroup
      legend={t("Profile.Fields.Birthdate")}
      names={BIRTHDATE_PARTS}
      messages={BIRTHDATE_MESSAGES}
      dataQa="profile-birthdate"
    >
      <div className="field-row">
        <SelectField
          name="birthdayDay"
          label={t("Profile.Fields.BirthdayDay")}
          dataQa="profile-birthday-day"
          autoComplete="bday-day"
          placeholder={placeholder}
          options={DAYS.map((d) => ({ value: d, label: d }))}
        />
        <SelectField
          name="birthdayMonth"
          label={t("Profile.Fields.BirthdayMonth")}
          dataQa="profile-birthday-month"
          autoComplete="bday-month"
          placeholder={placeholder}
          options={months}
        />
        <SelectField
          name="birthdayYear"
          label={t("Profile.Fields.BirthdayYear")}
          dataQa="profile-birthday-year"
          autoComplete="bday-year"
          placeholder={placeholder}
          options={years}
        />
      </div>
    </FieldGroup>
  );
}
