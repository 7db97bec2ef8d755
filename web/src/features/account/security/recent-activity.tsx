import type { SecurityEvent } from "@portal/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { useLoad } from "../../../app/use-load.js";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { formatDateTime } from "./date-time.js";
import { deviceName } from "./device-name.js";

/** A sign-in with a passkey (in place of the password, or as the second factor). */
const withPasskey = (e: SecurityEvent): boolean => e.kind === "sign-in" && e.factor === "passkey";

/**
 * "Recent activity" on the security page: the person's security events of the last 90
 * days (`GET /persons/me/activity`), newest first; "Show older" loads the next page.
 */
export function RecentActivity() {
  const { t, i18n } = useTranslation("account");
  const { api } = useServices();
  const { load, update } = useLoad("activity", (signal) => api.getActivity({}, { signal }));
  const [more, setMore] = useState<"idle" | "loading" | "failed">("idle");

  const older = useCallback(async () => {
    if (load.state !== "loaded" || load.value.next === undefined) return;
    setMore("loading");
    const result = await api.getActivity({ before: load.value.next });
    if (!result.ok) return setMore("failed");
    setMore("idle");
    update((page) => ({ ...result.value, events: [...page.events, ...result.value.events] }));
  }, [api, load, update]);

  const where = (e: SecurityEvent) =>
    [
      e.browser || e.os ? deviceName(t, e) : undefined,
      e.address,
      // A factor another version named differently still shows, in its own words; a
      // passkey sign-in says so in its title.
      e.factor && !withPasskey(e)
        ? t(`Activity.Factor.${e.factor}`, { defaultValue: e.factor })
        : undefined,
      // A factor securing removed in Keycloak mode: its name and when it was set up, so
      // the owner can tell theirs from an intruder's.
      e.label,
      e.factorCreatedAt
        ? t("Activity.FactorCreated", {
            date: formatDateTime(new Date(e.factorCreatedAt), i18n.language),
          })
        : undefined,
    ]
      .filter(Boolean)
      .join(" · ");

  return (
    <section
      className="account-section security-section"
      aria-labelledby="activity-heading"
      data-qa="activity"
    >
      <h2 id="activity-heading">{t("Activity.Title")}</h2>
      <p>{t("Activity.Intro")}</p>
      {load.state === "loading" ? <LoadingState dataQa="activity-loading" /> : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="activity-load-failed">
          {t("Activity.LoadFailed")}
        </Notice>
      ) : null}
      {load.state === "loaded" && load.value.events.length === 0 ? (
        <p data-qa="activity-empty">{t("Activity.Empty")}</p>
      ) : null}
      {load.state === "loaded" && load.value.events.length > 0 ? (
        <ol className="activity-list" data-qa="activity-list">
          {load.value.events.map((e) => (
            <li key={e.id} className="activity" data-qa={`activity-${e.kind}`}>
              <span className="activity__what">
                {withPasskey(e) ? t("Activity.SignedInWithPasskey") : t(`Activity.Kind.${e.kind}`)}
              </span>
              <time className="activity__when" dateTime={e.at}>
                {formatDateTime(new Date(e.at), i18n.language)}
              </time>
              {where(e) ? <span className="activity__where">{where(e)}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {more === "failed" ? (
        <Notice tone="error" dataQa="activity-more-failed">
          {t("Activity.LoadFailed")}
        </Notice>
      ) : null}
      {load.state === "loaded" && load.value.next !== undefined ? (
        <button
          type="button"
          className="btn btn--secondary"
          data-qa="activity-more"
          disabled={more === "loading"}
          onClick={() => void older()}
        >
          {t("Activity.More")}
        </button>
      ) : null}
    </section>
  );
}
