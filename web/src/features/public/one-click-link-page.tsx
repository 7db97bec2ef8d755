import type { OneClickLinkKind } from "@portal/contracts";
import {
  type ActionName,
  type ApiResult,
  errorCodesOf,
  type HttpFailure,
  LINK_QUERY,
} from "@portal/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useFailureDialog } from "../../app/failure-dialog-state.js";
import { useRouteHref } from "../../app/navigation.js";
import { useAction } from "../../app/use-action.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";
import { useOneClickLink } from "./use-one-click-link.js";

/** Props of {@link OneClickLinkPage}. */
export interface OneClickLinkPageProps {
  readonly action: ActionName;
  /** Which link the page checks on opening (POST /persons/check-one-click-link). */
  readonly link: OneClickLinkKind;
  /** The call the click makes with the link's token (query parameter `token`). */
  readonly send: (token: string) => ApiResult<void>;
  /** data-qa prefix: `-submit`, `-success`, `-failure` (with `-error`), `-set-password`. */
  readonly dataQa: string;
  /**
   * Section of the public texts: title, intro, submit, successTitle, successText, advice,
   * failureTitle, failureText, usedTitle, usedText.
   */
  readonly texts: "cancelMailChange" | "revertMail" | "secureAccount";
}

/** The refusals that end the page: the link is no longer valid, or its address is taken. */
const refusalOf = (failure: HttpFailure): "invalid" | "taken" | null => {
  const codes = errorCodesOf(failure.body);
  if (failure.status === 400 && codes.includes("INVALID_OPT_IN")) return "invalid";
  if (failure.status === 409 && codes.includes("EMAIL_ADDRESS_TAKEN")) return "taken";
  return null;
};

/**
 * The page behind a mailed security link that undoes something (cancel an e-mail change,
 * restore the previous address, secure the account). Link-checking mail gateways open every
 * link, so opening the page only asks whether the link still works (a read) and shows the
 * button only then; a used or invalid link says so instead. The person's one click acts.
 * The result says what happened and recommends a new password (whoever made the change
 * likely knew the old one). A failure other than the link's own (offline, busy) opens the
 * failure dialog and keeps the button.
 */
export function OneClickLinkPage({ action, link, send, dataQa, texts }: OneClickLinkPageProps) {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const token = new URLSearchParams(useLocation().search).get(LINK_QUERY.oneClick) ?? "";
  const { state, run } = useAction(action);
  const { showFailure } = useFailureDialog();
  const opened = useOneClickLink(link, token);
  const [refusal, setRefusal] = useState<"invalid" | "taken" | null>(null);

  const submit = async () => {
    const result = await run(() => send(token));
    if (result.ok) return;
    const refused = refusalOf(result.error);
    if (refused) setRefusal(refused);
    else showFailure(result.error);
    // Refused as spent (another tab's click, a securing meanwhile): ask again what it is,
    // so a used link says so rather than "invalid".
    if (refused === "invalid") opened.recheck();
  };

  const setPassword = (
    <Link
      to={href("password-forgotten")}
      className="btn btn--primary"
      data-qa={`${dataQa}-set-password`}
    >
      {t("shared:Password.setNew")}
    </Link>
  );

  if (state.success)
    return (
      <PublicPage title={t(`${texts}.successTitle`)} dataQa={`${dataQa}-success`}>
        <p>{t(`${texts}.successText`)}</p>
        <p>{t(`${texts}.advice`)}</p>
        {setPassword}
      </PublicPage>
    );
  if (opened.state === "checking") return <LoadingState dataQa={`${dataQa}-loading`} />;
  if (opened.state === "used" && refusal !== "taken")
    return (
      <PublicPage title={t(`${texts}.usedTitle`)} dataQa={`${dataQa}-used`}>
        <Notice tone="info" dataQa={`${dataQa}-used-notice`}>
          {t(`${texts}.usedText`)}
        </Notice>
        {setPassword}
      </PublicPage>
    );
  if (refusal || opened.state === "invalid")
    return (
      <PublicPage title={t(`${texts}.failureTitle`)} dataQa={`${dataQa}-failure`}>
        <Notice tone="error" dataQa={`${dataQa}-error`}>
          {refusal === "taken"
            ? t("errors:HttpErrorMessages.EMAIL_ADDRESS_TAKEN")
            : t(`${texts}.failureText`)}
        </Notice>
        <p>
          <Link to={href("login")} data-qa={`${dataQa}-login`}>
            {t("shared:Session.signIn")}
          </Link>
        </p>
      </PublicPage>
    );
  return (
    <PublicPage title={t(`${texts}.title`)} dataQa={dataQa}>
      <p>{t(`${texts}.intro`)}</p>
      <button
        type="button"
        className="btn btn--primary"
        data-qa={`${dataQa}-submit`}
        disabled={state.submitting}
        aria-busy={state.submitting || undefined}
        onClick={() => void submit()}
      >
        {t(`${texts}.submit`)}
      </button>
    </PublicPage>
  );
}
