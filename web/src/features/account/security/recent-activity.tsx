import type { SecurityEvent } from "@portal/contracts";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { formatDateTime } from "./date-time.js";

type Load =
  | { readonly state: "loading" }
  | {
      readonly state: "loaded";
      readonly events: readonly SecurityEvent[];
      readonly next: string | undefined;
    }
  | { readonly state: "failed" };

/**
 * "Recent activity" on the security page: the person's security events of the last 90
 * days (`GET /persons/me/activity`), newest first; "Show older" loads the next page.
 */
export function RecentActivity() {
  const { t, i18n } = useTranslation("account");
  const { api } = useServices();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [more, setMore] = useState<"idle" | "loading" | "failed">("idle");

  useEffect(() => {
    let live = true;
    void api.getActivity({}).then((result) => {
      if (!live) return;
      setLoad(
        result.ok
          ? { state: "loaded", events: result.value.events, next: result.value.next }
          : { state: "failed" },
      );
    });
    return () => {
      live = false;
    };
  }, [api]);

  const older = useCallback(async () => {
    if (load.state !== "loaded" || load.next === undefined) return;
    setMore("loading");
    const result = await api.getActivity({ before: load.next });
    if (!result.ok) return setMore("failed");
    setMore("idle");
    setLoad({
      state: "loaded",
      events: [...load.events, ...result.value.events],
      next: result.value.next,
    });
  }, [api, load]);

  const where = (e: SecurityEvent) =>
    [
      e.browser && e.os ? t("Activity.Device", { browser: e.browser, os: e.os }) : undefined,
      e.address,
      // A factor another version named differently still shows, in its own words.
      e.factor ? t(`Activity.Factor.${e.factor}`, { defaultValue: e.factor }) : undefined,
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
      {load.state === "loaded" && load.events.length === 0 ? (
        <p data-qa="activity-empty">{t("Activity.Empty")}</p>
      ) : null}
      {load.state === "loaded" && load.events.length > 0 ? (
        <ol className="activity-list" data-qa="activity-list">
          {load.events.map((e) => (
            <li key={e.id} className="activity" data-qa={`activity-${e.kind}`}>
              <span className="activity__what">{t(`Activity.Kind.${e.kind}`)}</span>
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
      {load.state === "loaded" && load.next !== undefined ? (
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
