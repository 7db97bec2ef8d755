import type { SuspendedFactor } from "@portal/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import { useLoad } from "../../../app/use-load.js";
import { Notice } from "../../../components/notice.js";
import { AccountCard } from "../shared/account-page.js";
import { asksForFreshSignIn, useFreshSignIn } from "../shared/fresh-sign-in.js";
import { formatDateTime } from "./date-time.js";
import { deviceName, passkeyLabel } from "./device-name.js";

/** Props of {@link SuspendedFactors}. */
export interface SuspendedFactorsProps {
  /** Starts an application-initiated action at the identity provider (the removal). */
  readonly onAction: (action: string) => void;
  /** True while the browser is being sent to the identity provider. */
  readonly busy: boolean;
  /** A factor was kept: the lists of factors in use load again. */
  readonly onKept: () => void;
}

/** What the last "keep" did (its notice takes the focus, the row being gone). */
type Outcome = { readonly ok: boolean; readonly what: string };

/**
 * The factors and passkeys "This wasn't me" suspended (server:
 * credentials/suspended-factors/suspended-factors.ts), first on both security pages: what each is,
 * when and with which browser it was set up, and keep or remove. Keeping lets it sign in again, so
 * it asks for a sign-in of the last 5 minutes (carried on after it); removing runs at the provider
 * like any removal. Shown only while one waits, or to say what the last "keep" did.
 */
export function SuspendedFactors({ onAction, busy, onKept }: SuspendedFactorsProps) {
  const { t, i18n } = useTranslation("account");
  const { api } = useServices();
  const { load, reload } = useLoad("suspended-factors", (signal) =>
    api.getSuspendedFactors({ signal }),
  );
  const [keeping, setKeeping] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  const what = (f: SuspendedFactor) =>
    f.kind === "PASSKEY"
      ? t("Suspended.Passkey", { name: passkeyLabel(t, f.name ?? "") })
      : t(f.kind === "AUTHENTICATOR_APP" ? "Suspended.App" : "Suspended.Email");

  const keep = async (id: string) => {
    const factor = load.state === "loaded" ? load.value.find((f) => f.id === id) : undefined;
    if (!factor) return;
    if (fresh.needed()) {
      await fresh.signInAgain({ factorId: id });
      return;
    }
    setKeeping(true);
    const result = await api.keepSuspendedFactor(id);
    if (!result.ok && asksForFreshSignIn(result.error.body)) {
      await fresh.signInAgain({ factorId: id });
      return;
    }
    setKeeping(false);
    setOutcome({ ok: result.ok, what: what(factor) });
    reload();
    if (result.ok) onKept();
  };
  const fresh = useFreshSignIn("keep-suspended-factor", (kept) => {
    if (kept.factorId) void keep(kept.factorId);
  });
  // The button that had the focus is gone with its row: the notice takes it.
  useEffect(() => {
    if (outcome) notice.current?.focus();
  }, [outcome]);

  const factors = load.state === "loaded" ? load.value : [];
  if (factors.length === 0 && !outcome && load.state !== "failed") return null;
  const device = (f: SuspendedFactor) => (f.createdFrom ? deviceName(t, f.createdFrom) : null);
  const disabled = busy || keeping || fresh.redirecting;

  return (
    <AccountCard
      dataQa="suspended-factors"
      title={t("Suspended.Title")}
      titleId="suspended-factors-title"
    >
      <p>{t("Suspended.Intro")}</p>
      {outcome ? (
        <Notice
          ref={notice}
          tone={outcome.ok ? "success" : "error"}
          dataQa={outcome.ok ? "suspended-factor-kept" : "suspended-factor-keep-failed"}
        >
          {outcome.ok ? t("Suspended.Kept", { what: outcome.what }) : t("Suspended.KeepFailed")}
        </Notice>
      ) : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="suspended-factors-load-failed">
          {t("Suspended.LoadFailed")}
        </Notice>
      ) : null}
      {factors.length > 0 ? (
        <ul className="device-list" data-qa="suspended-factors-list">
          {factors.map((f) => {
            const from = device(f);
            const date = formatDateTime(new Date(f.createdAt), i18n.language);
            return (
              <li key={f.id} className="device" data-qa="suspended-factor">
                <h3>{what(f)}</h3>
                <p data-qa="suspended-factor-created">
                  {from
                    ? t("Suspended.Created", { date, device: from })
                    : t("Suspended.CreatedUnknownDevice", { date })}
                </p>
                <div className="actions">
                  <button
                    type="button"
                    className="btn btn--secondary"
                    data-qa="suspended-factor-keep"
                    disabled={disabled}
                    onClick={() => void keep(f.id)}
                  >
                    {t("Suspended.Keep")}
                    <span className="visually-hidden">: {what(f)}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    data-qa="suspended-factor-remove"
                    disabled={disabled}
                    onClick={() => onAction(`delete_credential:${f.id}`)}
                  >
                    {t("Suspended.Remove")}
                    <span className="visually-hidden">: {what(f)}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </AccountCard>
  );
}
