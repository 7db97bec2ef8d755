import {
  LOCALE_CHOICES,
  type Locale,
  languageCookie,
  languageToLocale,
  localeToLanguage,
} from "@portal/core";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfig } from "../../app/use-config.js";

/**
 * Chooses one of the five locales: stores it in the CAS_PREFERRED_LANGUAGE cookie
 * (shared parent domain, secure, SameSite none, path /) and switches the texts at once.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation("common");
  const config = useConfig();
  const current = languageToLocale(i18n.language);
  // The locale picked last, shown until its texts are there: the select must not show the
  // old one meanwhile, or React puts it back after the pick and the browser's change event
  // that follows the input event carries it, choosing the old language again.
  const [picked, setPicked] = useState<Locale | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const choose = (locale: Locale) => {
    setPicked(locale);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec stores the choice in this cookie
    document.cookie = languageCookie(locale, { domain: config.languageCookieDomain });
    const language = localeToLanguage(locale);
    document.documentElement.lang = language;
    void i18n.changeLanguage(language).finally(() => {
      setPicked((p) => (p === locale ? null : p));
    });
  };
  // A language picked in the prerendered header before the app ran: React never saw that
  // change, the select shows it. Only a language other than the rendered one counts. (A
  // change event replayed here carried whatever the select showed by then: after a pick
  // React had seen during hydration, it had put the rendered language back, and the replay
  // chose that again over the new one, a flaky end-to-end run.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the header mounts
  useLayoutEffect(() => {
    const shown = LOCALE_CHOICES.find((c) => c.locale === select.current?.value)?.locale;
    if (shown && shown !== current) choose(shown);
  }, []);
  const shown = picked ?? current;
  return (
    <div className="lang-switch">
      <label htmlFor="language-switcher" className="lang-switch__label">
        {t("shared:Language.label")}
      </label>
      {/* On a phone the header has room for about eight characters: "Deutsch (Deutschland)"
          would show as "Deutsch…", the same for both German and both French locales. There
          the select's own text is hidden and this short tag (DE, DE-AT, EN, FR, FR-LU) is
          drawn over it; the list and what assistive technology reads keep the full names. */}
      <span className="lang-switch__short" aria-hidden="true">
        {LOCALE_CHOICES.find((c) => c.locale === shown)?.language.toUpperCase()}
      </span>
      <select
        id="language-switcher"
        className="lang-switch__select"
        data-qa="language-switcher"
        ref={select}
        value={shown}
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
