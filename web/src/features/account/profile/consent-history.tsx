import type { ConsentChange, ConsentKind } from "@portal/contracts";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { formatDateTime } from "../security/date-time.js";
import type { ConsentHistoryHandle } from "./use-consent-history.js";

/** A language code in the page's language ("de" -> "Deutsch"), or the code itself. */
const languageName = (code: string, pageLanguage: string): string => {
  try {
    return new Intl.DisplayNames([pageLanguage], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
};

function Change({ change }: { readonly change: ConsentChange }) {
  const { t, i18n } = useTranslation("account");
  return (
    <li className="consent-history__entry" data-qa="consent-history-entry">
      <span className="consent-history__value" data-qa="consent-history-value">
        {t(`Profile.Consents.History.Value.${change.value}`)}
      </span>
      <time className="consent-history__when" dateTime={change.at}>
        {formatDateTime(new Date(change.at), i18n.language)}
      </time>
      <span className="consent-history__details" data-qa="consent-history-details">
        {t("Profile.Consents.History.Details", {
          // A source a newer server names differently still shows, in its own words.
          source: t(`Profile.Consents.History.Source.${change.source}`, {
            defaultValue: change.source,
          }),
          language: languageName(change.language, i18n.language),
          version: change.textVersion,
        })}
      </span>
    </li>
  );
}

/**
 * One consent's history as a disclosure under its checkbox: every recorded change, newest
 * first, with its date and time in the page's language, the new value, where it was made,
 * the language and the version of the consent text shown then. Opening it loads the
 * history (see `useConsentHistory`).
 */
export function ConsentHistoryDisclosure({
  kind,
  history,
}: {
  readonly kind: ConsentKind;
  readonly history: ConsentHistoryHandle;
}) {
  const { t } = useTranslation("account");
  const name = t(`Profile.Consents.Names.${kind}`);
  const { load } = history;
  const changes = load.state === "loaded" ? load.changes.filter((c) => c.consent === kind) : [];
  return (
    <details
      className="consent-history"
      data-qa={`consent-history-${kind}`}
      onToggle={(event) => {
        if (event.currentTarget.open) history.request();
      }}
    >
      <summary data-qa={`consent-history-${kind}-toggle`}>
        {t("Profile.Consents.History.Show")}
        <span className="visually-hidden">: {name}</span>
      </summary>
      {load.state === "loading" ? (
        <LoadingState dataQa={`consent-history-${kind}-loading`} />
      ) : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa={`consent-history-${kind}-failed`}>
          <p>{t("Profile.Consents.History.LoadFailed")}</p>
          <button
            type="button"
            className="btn btn--secondary"
            data-qa={`consent-history-${kind}-retry`}
            onClick={history.retry}
          >
            {t("Profile.Consents.History.Retry")}
          </button>
        </Notice>
      ) : null}
      {load.state === "loaded" && changes.length === 0 ? (
        <p className="empty-state" data-qa={`consent-history-${kind}-empty`}>
          {t("Profile.Consents.History.Empty")}
        </p>
      ) : null}
      {changes.length > 0 ? (
        <ol
          className="consent-history__list"
          aria-label={t("Profile.Consents.History.Label", { consent: name })}
          data-qa={`consent-history-${kind}-list`}
        >
          {changes.map((change) => (
            <Change key={`${change.at}-${change.value}-${change.source}`} change={change} />
          ))}
        </ol>
      ) : null}
    </details>
  );
}
