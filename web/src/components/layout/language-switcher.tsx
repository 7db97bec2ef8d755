import {
  LANGUAGE_KEY_PAUSE_MS,
  LOCALE_CHOICES,
  type Locale,
  languageCookie,
  languageToLocale,
  localeToLanguage,
} from "@portal/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfig } from "../../app/use-config.js";

/**
 * Chooses one of the five locales: stores it in the CAS_PREFERRED_LANGUAGE cookie
 * (shared parent domain, secure, SameSite none, path /) and switches the texts. A pick
 * with the mouse or a finger applies at once. Arrow keys on the closed select change its
 * value at every step, and applying each re-translated the page at every step (WCAG 3.2.2
 * "On Input"): a choice made with keys only shows in the select until it is committed,
 * with Enter, by leaving the select or after a pause without another key; Escape puts the
 * page's language back (as the provider's switch does).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation("common");
  const config = useConfig();
  const current = languageToLocale(i18n.language);
  // The locale picked last, shown until its texts are there: the select must not show the
  // old one meanwhile, or React puts it back after the pick and the browser's change event
  // that follows the input event carries it, choosing the old language again.
  const [picked, setPicked] = useState<Locale | null>(null);
  // A choice made with keys, shown but not applied yet.
  const [draft, setDraft] = useState<Locale | null>(null);
  const keyboard = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
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
  // Applies what the select shows, if it is not the page's language already.
  const commit = () => {
    clearTimeout(timer.current);
    setDraft(null);
    const value = select.current?.value as Locale | undefined;
    if (value && value !== (picked ?? current)) choose(value);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = draft ?? picked ?? current;
  return (
    <div className="lang-switch">
      <label htmlFor="language-switcher" className="lang-switch__label">
        {t("shared:Language.label")}
      </label>
      {/* On a phone the header has room for about eight characters: "Deutsch (Deutschland)"
          would show as "Deutsch…", the same for both German and both French locales. There
          the select's own text is hidden and a short tag (DE, DE-AT, EN, FR, FR-LU) is
          drawn over it; the list and what assistive technology reads keep the full names.
          Every locale has its tag and the sheet hides all but the one of the option chosen
          in the select (shell.css, :has), so the tag follows a pick in the prerendered
          frame before the app runs, as on the provider's pages; `data-current` marks the
          shown one for browsers without :has(). The markup never changes with a pick. */}
      {LOCALE_CHOICES.map((c) => (
        <span
          key={c.locale}
          className="lang-switch__short"
          data-locale={c.locale}
          data-current={c.locale === shown ? "" : undefined}
          aria-hidden="true"
        >
          {c.language.toUpperCase()}
        </span>
      ))}
      <select
        id="language-switcher"
        className="lang-switch__select"
        data-qa="language-switcher"
        ref={select}
        value={shown}
        onPointerDown={() => {
          keyboard.current = false;
        }}
        onKeyDown={(e) => {
          keyboard.current = true;
          clearTimeout(timer.current);
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          } else if (e.key === "Escape" && draft) {
            e.preventDefault();
            setDraft(null);
          } else if (draft) timer.current = setTimeout(commit, LANGUAGE_KEY_PAUSE_MS);
        }}
        // Enter that closed the open list reaches the select as its key-up only.
        onKeyUp={(e) => {
          if (e.key === "Enter") commit();
        }}
        onChange={(e) => {
          const locale = e.target.value as Locale;
          clearTimeout(timer.current);
          if (!keyboard.current) return choose(locale);
          setDraft(locale);
          timer.current = setTimeout(commit, LANGUAGE_KEY_PAUSE_MS);
        }}
        onBlur={commit}
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
