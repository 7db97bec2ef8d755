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
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";

/** Props of {@link OneClickLinkPage}. */
export interface OneClickLinkPageProps {
  readonly action: ActionName;
  /** The call the click makes with the link's token (query parameter `token`). */
  readonly send: (token: string) => ApiResult<void>;
  /** data-qa prefix: `-submit`, `-success`, `-failure` (with `-error`), `-set-password`. */
  readonly dataQa: string;
  /**
   * Section of the public texts: title, intro, submit, successTitle, successText, advice,
   * failureTitle, failureText.
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
 * restore the previous address, secure the account). Link-checking mail gateways open every link, so opening
 * the page does nothing: the person's one click does. The result says what happened and
 * recommends a new password (whoever made the change likely knew the old one). A failure
 * other than the link's own (offline, busy) opens the failure dialog and keeps the button.
 */
export function OneClickLinkPage({ action, send, dataQa, texts }: OneClickLinkPageProps) {
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const token = new URLSearchParams(useLocation().search).get(LINK_QUERY.oneClick) ?? "";
  const { state, run } = useAction(action);
  const { showFailure } = useFailureDialog();
  // A link without its token (cut short by a mail program) is no link at all.
  const [refusal, setRefusal] = useState<"invalid" | "taken" | null>(
    token === "" ? "invalid" : null,
  );

  const submit = async () => {
    const result = await run(() => send(token));
    if (result.ok) return;
    const refused = refusalOf(result.error);
    if (refused) setRefusal(refused);
    else showFailure(result.error);
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
  if (refusal)
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
