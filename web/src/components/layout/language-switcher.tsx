import {
  LOCALE_CHOICES,
  type Locale,
  languageCookie,
  languageToLocale,
  localeToLanguage,
} from "@portal/core";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useConfig } from "../../app/use-config.js";
import { useReplayTypedBeforeHydration } from "../form/typed-before-hydration.js";

/**
 * Chooses one of the five locales: stores it in the CAS_PREFERRED_LANGUAGE cookie
 * (shared parent domain, secure, SameSite none, path /) and switches the texts at once.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation("common");
  const config = useConfig();
  const current = languageToLocale(i18n.language);
  // A language chosen in the prerendered header before hydration still switches.
  const root = useRef<HTMLDivElement>(null);
  useReplayTypedBeforeHydration(root);
  const choose = (locale: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec stores the choice in this cookie
    document.cookie = languageCookie(locale, { domain: config.languageCookieDomain });
    const language = localeToLanguage(locale);
    document.documentElement.lang = language;
    void i18n.changeLanguage(language);
  };
  return (
    <div className="lang-switch" ref={root}>
      <label htmlFor="language-switcher" className="lang-switch__label">
        {t("shared:Language.label")}
      </label>
      <select
        id="language-switcher"
        className="lang-switch__select"
        data-qa="language-switcher"
        value={current}
        onChange={(e) => choose(e.target.value as Locale)}
      >
        {LOCALE_CHOICES.map((c) => (
          <option key={c.locale} value={c.locale} lang={c.language}>
            {t(`shared:Language.${c.locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
