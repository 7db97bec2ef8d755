import type { Person } from "@portal/contracts";
import { SALUTATIONS, TITLES } from "@portal/contracts";
import { languageOptions, TEXT_MAX_LENGTH } from "@portal/core";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/form/index.js";

/** Salutation and title, given and last name of the profile form, two to a row where there is room. */
export function NameFields() {
  const { t } = useTranslation("account");
  return (
    <>
      <div className="field-row field-row--halves">
        <SelectField
          name="salutation"
          label={t("Profile.Fields.Salutation")}
          dataQa="profile-salutation"
          required
          placeholder={t("Profile.Fields.SelectPlaceholder")}
          options={SALUTATIONS.map((s) => ({
            value: s,
            label: t(`Profile.Fields.Salutations.${s}`),
          }))}
        />
        <SelectField
          name="title"
          label={t("Profile.Fields.Title")}
          dataQa="profile-title"
          placeholder={t("Profile.Fields.TitleNone")}
          options={TITLES.map((title) => ({
            value: title,
            label: t(`Profile.Fields.Titles.${title}`),
          }))}
        />
      </div>
      <div className="field-row field-row--halves">
        <TextField
          name="givenName"
          label={t("Profile.Fields.GivenName")}
          dataQa="profile-given-name"
          autoComplete="given-name"
          maxLength={TEXT_MAX_LENGTH}
          required
        />
        <TextField
          name="surName"
          label={t("Profile.Fields.SurName")}
          dataQa="profile-sur-name"
          autoComplete="family-name"
          maxLength={TEXT_MAX_LENGTH}
          required
        />
      </div>
    </>
  );
}

/** Position, department and preferred language of the profile form. */
export function WorkFields({ person }: { readonly person: Person }) {
  const { t } = useTranslation("account");
  // Core adds a placeholder option when the stored language is not one of the five.
  const languages = languageOptions(person.preferredLanguage);
  return (
    <>
      <div className="field-row field-row--halves">
        <TextField
          name="position"
          label={t("Profile.Fields.Position")}
          dataQa="profile-position"
          autoComplete="organization-title"
          maxLength={TEXT_MAX_LENGTH}
        />
        <TextField
          name="department"
          label={t("Profile.Fields.Department")}
          dataQa="profile-department"
          maxLength={TEXT_MAX_LENGTH}
        />
      </div>
      <SelectField
        name="preferredLanguage"
        label={t("Profile.Fields.PreferredLanguage")}
        dataQa="profile-preferred-language"
        options={languages.map((o) => ({
          value: o.value,
          label: t(o.labelKey),
          ...(o.placeholder ? { disabled: true } : {}),
        }))}
      />
    </>
  );
}
