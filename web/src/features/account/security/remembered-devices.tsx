import type { RememberedDevice } from "@portal/contracts";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { useLoad } from "../../../app/use-load.js";
import { Notice } from "../../../components/notice.js";
import { accountRest } from "./account-rest.js";
import { formatDateTime } from "./date-time.js";
import { deviceName } from "./device-name.js";

/** What the last "forget" did, and to what (its notice takes the focus). */
type Outcome = { readonly all: boolean; readonly ok: boolean };

/**
 * The browsers that skip the second factor ("Don't ask again on this device for 30 days"
 * on the provider's second-factor step), part of the devices section: browser and system,
 * since, last used, until; forget one or all. Forgetting only means the second factor is
 * asked there again, so it needs no confirmation. Shown only when there is one, or to say
 * what the last "forget" did.
 */
export function RememberedDevices() {
  const { t, i18n } = useTranslation("account");
  const { api, config, identity } = useServices();
  const { load, reload } = useLoad("remembered-devices", (signal) =>
    api.getRememberedDevices({ signal }),
  );
  const rest = useMemo(() => accountRest(config.identity, identity), [config, identity]);
  // Which row is this browser (issue 46: no "this device" mark): only the provider's path
  // sees the remembered browser's cookie.
  const [here, setHere] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    rest.rememberedDevice(abort.signal).then(setHere, () => undefined);
    return () => abort.abort();
  }, [rest]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  const forget = async (device: RememberedDevice | null) => {
    setBusy(true);
    const result = device
      ? await api.forgetRememberedDevice(device.id)
      : await api.forgetRememberedDevices();
    setBusy(false);
    setOutcome({ all: device === null, ok: result.ok });
    reload();
  };
  // The button that had the focus is gone with its row: the notice takes it.
  useEffect(() => {
    if (outcome) notice.current?.focus();
  }, [outcome]);

  const name = (d: RememberedDevice) => deviceName(t, d);
  const when = (iso: string) => formatDateTime(new Date(iso), i18n.language);
  const devices = load.state === "loaded" ? load.value : [];
  if (devices.length === 0 && !outcome && load.state !== "failed") return null;

  return (
    <section
      className="remembered-devices"
      aria-labelledby="remembered-devices-heading"
      data-qa="remembered-devices"
    >
      <h3 id="remembered-devices-heading">{t("Devices.Remembered.Title")}</h3>
      <p>{t("Devices.Remembered.Intro")}</p>
      {outcome ? (
        <Notice
          ref={notice}
          tone={outcome.ok ? "success" : "error"}
          dataQa={outcome.ok ? "remembered-devices-forgotten" : "remembered-devices-forget-failed"}
        >
          {outcome.ok
            ? outcome.all
              ? t("Devices.Remembered.ForgottenAll")
              : t("Devices.Remembered.Forgotten")
            : t("Devices.Remembered.ForgetFailed")}
        </Notice>
      ) : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="remembered-devices-load-failed">
          {t("Devices.Remembered.LoadFailed")}
        </Notice>
      ) : null}
      {devices.length > 0 ? (
        <ul className="device-list" data-qa="remembered-devices-list">
          {devices.map((d) => (
            <li key={d.id} className="device" data-qa="remembered-device">
              <h4>
                {name(d)}
                {d.id === here ? (
                  <span className="badge badge-success" data-qa="remembered-device-this">
                    {t("Devices.ThisDevice")}
                  </span>
                ) : null}
              </h4>
              <dl className="device__facts">
                <dt>{t("Devices.Remembered.Since")}</dt>
                <dd>{when(d.createdAt)}</dd>
                <dt>{t("Devices.Remembered.LastUsed")}</dt>
                <dd>{when(d.lastUsedAt)}</dd>
                <dt>{t("Devices.Remembered.Until")}</dt>
                <dd>{when(d.expiresAt)}</dd>
              </dl>
              <button
                type="button"
                className="btn btn--secondary"
                data-qa="remembered-device-forget"
                disabled={busy}
                onClick={() => forget(d)}
              >
                {t("Devices.Remembered.Forget")}
                <span className="visually-hidden">: {name(d)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {devices.length > 1 ? (
        <p className="device-list__all">
          <button
            type="button"
            className="btn btn--secondary"
            data-qa="remembered-devices-forget-all"
            disabled={busy}
            onClick={() => forget(null)}
          >
            {t("Devices.Remembered.ForgetAll")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
