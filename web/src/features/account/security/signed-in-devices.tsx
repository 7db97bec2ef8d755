import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { ConfirmDialog } from "../shared/confirm-dialog.js";
import { type AccountDevice, type AccountSession, accountRest } from "./account-rest.js";
import { formatDateTime } from "./date-time.js";
import { deviceName, deviceNames } from "./device-name.js";
import { useProviderFeatures } from "./provider-features.js";
import { RememberedDevices } from "./remembered-devices.js";

type Row = AccountSession & Pick<AccountDevice, "os" | "osVersion" | "mobile">;
type Load =
  | { readonly state: "loading" }
  | { readonly state: "loaded"; readonly rows: readonly Row[] }
  | { readonly state: "failed" };
/** What the confirmation asks about: one session, or all but this one. */
type Pending = { readonly kind: "one"; readonly row: Row } | { readonly kind: "others" };

/**
 * "Signed-in devices" on the security page: every open session of the person (browser,
 * system, shortened address, signed in since, last active; this device marked), read from
 * Keycloak's account REST API, with sign-out of one session or of all others after a
 * confirmation.
 */
export function SignedInDevices() {
  const { t, i18n } = useTranslation("account");
  const { config, identity } = useServices();
  const features = useProviderFeatures();
  const rest = useMemo(() => accountRest(config.identity, identity), [config, identity]);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [pending, setPending] = useState<Pending | null>(null);
  // What the last confirmed sign-out did, and to what: its message names one device or all
  // the others (it takes the focus, so a screen reader reads it out).
  const [outcome, setOutcome] = useState<{
    readonly kind: Pending["kind"];
    readonly ok: boolean;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  // A confirmed sign-out removes the button that opened the dialog: focus goes to what
  // happened instead of falling to the page's body.
  const outcomeNotice = useRef<HTMLDivElement>(null);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const result = await rest.devices(signal);
      if (signal?.aborted) return;
      if (!result.ok) return setLoad({ state: "failed" });
      const rows = result.value.flatMap((d) =>
        d.sessions.map((s) => ({ ...s, os: d.os, osVersion: d.osVersion, mobile: d.mobile })),
      );
      // This device first, then the most recently active.
      rows.sort((a, b) => Number(b.current) - Number(a.current) || b.lastAccess - a.lastAccess);
      setLoad({ state: "loaded", rows });
    },
    [rest],
  );

  useEffect(() => {
    const abort = new AbortController();
    refresh(abort.signal).catch(() => undefined);
    return () => abort.abort();
  }, [refresh]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { kind } = pending;
    const result = kind === "one" ? await rest.signOut(pending.row.id) : await rest.signOutOthers();
    setPending(null);
    setBusy(false);
    setOutcome({ kind, ok: result.ok });
    await refresh();
  };

  const rows = load.state === "loaded" ? load.rows : [];
  const names = new Map(deviceNames(t, rows).map((n, i) => [rows[i]?.id, n]));
  const name = (row: Row) => names.get(row.id) ?? deviceName(t, row);
  const when = (seconds: number) => formatDateTime(new Date(seconds * 1000), i18n.language);
  const others = load.state === "loaded" ? load.rows.filter((r) => !r.current) : [];

  return (
    <section
      className="account-section security-section"
      aria-labelledby="devices-heading"
      data-qa="devices"
    >
      <h2 id="devices-heading">{t("Devices.Title")}</h2>
      <p>{t("Devices.Intro")}</p>
      {outcome?.ok ? (
        <Notice ref={outcomeNotice} tone="success" dataQa="devices-signed-out">
          {outcome.kind === "one" ? t("Devices.SignedOut") : t("Devices.SignedOutOthers")}
        </Notice>
      ) : null}
      {outcome && !outcome.ok ? (
        <Notice ref={outcomeNotice} tone="error" dataQa="devices-sign-out-failed">
          {outcome.kind === "one" ? t("Devices.SignOutFailed") : t("Devices.SignOutOthersFailed")}
        </Notice>
      ) : null}
      {load.state === "loading" ? <LoadingState dataQa="devices-loading" /> : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="devices-load-failed">
          {t("Devices.LoadFailed")}
        </Notice>
      ) : null}
      {load.state === "loaded" ? (
        <ul className="device-list" data-qa="devices-list">
          {load.rows.map((row) => (
            <li
              key={row.id}
              className="device"
              data-qa={row.current ? "device-current" : "device-other"}
            >
              <h3>
                {name(row)}
                {row.current ? (
                  <span className="badge badge-success">{t("Devices.ThisDevice")}</span>
                ) : null}
              </h3>
              <dl className="device__facts">
                <dt>{t("Devices.Address")}</dt>
                <dd data-qa="device-address">{row.ipAddress}</dd>
                <dt>{t("Devices.Started")}</dt>
                <dd>{when(row.started)}</dd>
                <dt>{t("Devices.LastAccess")}</dt>
                <dd>{when(row.lastAccess)}</dd>
              </dl>
              {row.current ? null : (
                <button
                  type="button"
                  className="btn btn--secondary"
                  data-qa="device-sign-out"
                  disabled={busy}
                  onClick={() => setPending({ kind: "one", row })}
                >
                  {t("Devices.SignOut")}
                  <span className="visually-hidden">: {name(row)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <p className="device-list__all">
          <button
            type="button"
            className="btn btn--secondary"
            data-qa="devices-sign-out-others"
            disabled={busy}
            onClick={() => setPending({ kind: "others" })}
          >
            {t("Devices.SignOutOthers")}
          </button>
        </p>
      ) : null}
      {/* The embedded provider's own; Keycloak remembers no browser (provider-features.ts). */}
      {features.rememberedDevices ? <RememberedDevices /> : null}
      <ConfirmDialog
        danger
        open={pending !== null}
        dataQa="devices-dialog"
        title={
          pending?.kind === "one" ? t("Devices.Dialog.TitleOne") : t("Devices.Dialog.TitleOthers")
        }
        confirmLabel={
          pending?.kind === "others"
            ? t("Devices.Dialog.ConfirmOthers")
            : t("Devices.Dialog.Confirm")
        }
        cancelLabel={t("Devices.Dialog.Cancel")}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        focusAfterConfirm={() => outcomeNotice.current}
      >
        <p>
          {pending?.kind === "one"
            ? t("Devices.Dialog.TextOne", { device: name(pending.row) })
            : t("Devices.Dialog.TextOthers")}
        </p>
      </ConfirmDialog>
    </section>
  );
}
