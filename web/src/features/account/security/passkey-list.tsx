import { PASSKEY_ACTIONS, PASSKEY_NAME_MAX_LENGTH, type Passkey } from "@portal/contracts";
import { unnamedPasskeyParts } from "@portal/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../../../app/services-context.js";
import type { Load } from "../../../app/use-load.js";
import { LoadingState } from "../../../components/loading-state.js";
import { Notice } from "../../../components/notice.js";
import { passkeyLabel } from "./device-name.js";
import { PasskeyProviderIcon } from "./passkey-provider-icon.js";
import type { ProviderFeatures } from "./provider-features.js";

/** Props of {@link PasskeyList}. */
export interface PasskeyListProps {
  /** Starts an application-initiated action at the identity provider (add, remove). */
  readonly onAction: (action: string) => void;
  /** True while the browser is being sent to the identity provider. */
  readonly busy: boolean;
  /** What the provider does with passkeys (rename, last use, the introduction). */
  readonly features: ProviderFeatures;
}

/** The passkeys as the security page loaded them (once per page load, see SecurityCentre). */
export type PasskeysLoad = Load<ReadonlyArray<Passkey>>;

const useDateTime = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (iso: string) => format.format(new Date(iso));
};

/** One passkey: name, kind, dates; rename in place, remove at the identity provider. */
function PasskeyItem({
  passkey,
  onAction,
  busy,
  features,
  onRenamed,
}: PasskeyListProps & { readonly passkey: Passkey; readonly onRenamed: (p: Passkey) => void }) {
  const { t } = useTranslation("account");
  const { api } = useServices();
  const dateTime = useDateTime();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const label = passkeyLabel(t, passkey.name);
  const [name, setName] = useState(label);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus follows the form: into the field when it opens, back to "Rename" when it closes.
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Unchanged: an unnamed passkey stays unnamed (named in each reader's language).
    if (name === label && unnamedPasskeyParts(passkey.name) !== null) return setEditing(false);
    setSaving(true);
    const result = await api.renamePasskey(passkey.id, { name });
    setSaving(false);
    if (result.ok) {
      onRenamed(result.value);
      setFailed(false);
      setEditing(false);
    } else setFailed(true);
  };

  return (
    <li className="second-factor" data-qa="passkey-item">
      <h3 data-qa="passkey-name">
        <PasskeyProviderIcon icon={passkey.icon} />
        {label}
      </h3>
      {/* One kind of passkey today (signs in, and is the second factor after the password);
          only one registered before for the second factor alone is marked as such. */}
      {passkey.passwordless ? null : (
        <p>
          <span className="badge" data-qa="passkey-kind">
            {t("Security.Passkeys.SecondFactorOnly")}
          </span>
        </p>
      )}
      <p data-qa="passkey-dates">
        {t("Security.Passkeys.Created", { date: dateTime(passkey.createdAt) })}
        {/* Keycloak keeps no last use: no "not used yet" that may be untrue. */}
        {features.passkeyLastUse ? (
          <>
            <br />
            {passkey.lastUsedAt
              ? t("Security.Passkeys.LastUsed", { date: dateTime(passkey.lastUsedAt) })
              : t("Security.Passkeys.NeverUsed")}
          </>
        ) : null}
      </p>
      {editing ? (
        <form className="stack" onSubmit={save} data-qa="passkey-rename-form" noValidate>
          {failed ? (
            <Notice tone="error" dataQa="passkey-rename-failed">
              <span id={`${id}-error`}>{t("Security.Passkeys.RenameFailed")}</span>
            </Notice>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-name`}>
              {t("Security.Passkeys.NameLabel")}
            </label>
            <input
              ref={input}
              id={`${id}-name`}
              className="input"
              type="text"
              value={name}
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              required
              autoComplete="off"
              aria-invalid={failed}
              aria-describedby={failed ? `${id}-error` : undefined}
              onChange={(e) => setName(e.target.value)}
              data-qa="passkey-rename-input"
            />
          </div>
          <div className="actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={saving}
              data-qa="passkey-rename-save"
            >
              {t("Security.Passkeys.Save")}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => {
                setName(label);
                setFailed(false);
                setEditing(false);
              }}
              data-qa="passkey-rename-cancel"
            >
              {t("shared:Actions.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <div className="actions">
          {/* Keycloak names its passkeys itself (asked at registration). */}
          {features.passkeyRename ? (
            <button
              ref={renameButton}
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => setEditing(true)}
              data-qa="passkey-rename"
            >
              {t("Security.Passkeys.Rename")}
              <span className="visually-hidden">: {label}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => onAction(`delete_credential:${passkey.id}`)}
            data-qa="passkey-remove"
          >
            {t("Security.Passkeys.Remove")}
            <span className="visually-hidden">: {label}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The passkeys of the security page: the list from `GET /persons/me/passkeys` with rename
 * (`PATCH`), and "add" (Keycloak's `webauthn-register-passwordless`; the provider registers
 * the same passkey for `webauthn-register`) and "remove" (`delete_credential:{id}`) as
 * application-initiated actions. One kind of passkey in the person's eyes.
 */
export function PasskeyList({
  onAction,
  busy,
  features,
  load,
  update,
}: PasskeyListProps & {
  readonly load: PasskeysLoad;
  /** Updates the page's list (a rename answered). */
  readonly update: (change: (passkeys: ReadonlyArray<Passkey>) => ReadonlyArray<Passkey>) => void;
}) {
  const { t } = useTranslation("account");

  const renamed = (passkey: Passkey) =>
    update((passkeys) => passkeys.map((p) => (p.id === passkey.id ? passkey : p)));

  return (
    // In the page's own flow (no wrapper), so the heading is spaced like the one above.
    <>
      <h2>{t("Security.Passkeys.Heading")}</h2>
      <p>{t(features.passkeyIntro)}</p>
      {load.state === "loading" ? <LoadingState dataQa="passkeys-loading" /> : null}
      {load.state === "failed" ? (
        <Notice tone="error" dataQa="passkeys-load-failed">
          {t("Security.Passkeys.LoadFailed")}
        </Notice>
      ) : null}
      {load.state === "loaded" && load.value.length === 0 ? (
        <p data-qa="passkeys-none">{t("Security.Passkeys.None")}</p>
      ) : null}
      {load.state === "loaded" && load.value.length > 0 ? (
        <ul className="second-factors" data-qa="passkey-list">
          {load.value.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onAction={onAction}
              busy={busy}
              features={features}
              onRenamed={renamed}
            />
          ))}
        </ul>
      ) : null}
      <div className="actions">
        {/* Keycloak's name for a passkey that signs in; it is the second factor as well. */}
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => onAction(PASSKEY_ACTIONS.passwordless)}
          data-qa="passkey-add"
        >
          {t("Security.Passkeys.Add")}
        </button>
      </div>
    </>
  );
}
