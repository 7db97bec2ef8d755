import type { ActionName, ApiResult } from "@portal/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useRouteHref } from "../../app/navigation.js";
import { LoadingState } from "../../components/loading-state.js";
import { Notice } from "../../components/notice.js";
import { PublicPage } from "./public-layout.js";
import { useConfirmationLink } from "./use-confirmation-link.js";

/** Props of {@link ConfirmationPage}. */
export interface ConfirmationPageProps {
  readonly action: ActionName;
  /** The query parameter holding the mailed token. */
  readonly tokenParam: string;
  readonly confirm: (token: string) => ApiResult<void>;
  /** data-qa prefix of the states: `-loading`, `-success`, `-failure` (with `-error`, `-profile`). */
  readonly dataQa: string;
  /** Section of the public texts: successTitle, successText, failureTitle, failureText, toProfile. */
  readonly texts: "changeMailOptin";
  /** The way on after a success (sign in again, the association's website). */
  readonly next: ReactNode;
}

/**
 * The page behind a confirmation link of a signed-in user's request (e-mail change; the
 * account deletion asks for a last click first, confirm-account-deletion-page.tsx):
 * confirms the token once, then says so and offers the way on; a failed link explains and
 * leads back to the profile.
 */
export function ConfirmationPage(props: ConfirmationPageProps) {
  const { action, tokenParam, confirm, dataQa, texts } = props;
  const { t } = useTranslation("public");
  const href = useRouteHref();
  const state = useConfirmationLink(action, tokenParam, confirm);
  if (state.success)
    return (
      <PublicPage title={t(`${texts}.successTitle`)} dataQa={`${dataQa}-success`}>
        <p>{t(`${texts}.successText`)}</p>
        {props.next}
      </PublicPage>
    );
  if (state.error)
    return (
      <PublicPage title={t(`${texts}.failureTitle`)} dataQa={`${dataQa}-failure`}>
        <Notice tone="error" dataQa={`${dataQa}-error`}>
          {t(`${texts}.failureText`)}
        </Notice>
        <Link to={href("profile")} data-qa={`${dataQa}-profile`}>
          {t(`${texts}.toProfile`)}
        </Link>
      </PublicPage>
    );
  return <LoadingState dataQa={`${dataQa}-loading`} />;
}
