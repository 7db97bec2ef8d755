import type { MailSentResponse } from "@portal/contracts";
import type { ActionName, ApiResult } from "@portal/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../../../app/failure-dialog-state.js";
import { useAction } from "../../../app/use-action.js";
import { Notice } from "../../../components/notice.js";

/** Props of {@link ResendMail}. */
export interface ResendMailProps {
  readonly action: ActionName;
  /** The call that sends the mail again and answers with the address it went to. */
  readonly send: () => ApiResult<MailSentResponse>;
  readonly dataQa: string;
  /** account-namespace keys: the question before the button, its label, and the confirmation. */
  readonly questionKey: string;
  readonly buttonKey: string;
  /** Text with `{{email}}`: the resent mail confirms the address it went to (spec section 8). */
  readonly sentKey: string;
}

/**
 * "No e-mail received? Send it again": runs the resend action, then confirms the
 * address the mail went to; a failure opens the failure dialog.
 */
export function ResendMail(props: ResendMailProps) {
  const { t } = useTranslation("account");
  const action = useAction(props.action);
  const { showFailure } = useFailureDialog();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const resend = async () => {
    setSentTo(null);
    const result = await action.run(props.send);
    if (result.ok) setSentTo(result.value.email);
    else showFailure(result.error);
  };

  return (
    <div className="resend" data-qa={`${props.dataQa}-resend-block`}>
      <p>
        {t(props.questionKey)}{" "}
        <button
          type="button"
          className="link-button"
          data-qa={`${props.dataQa}-resend`}
          disabled={action.state.submitting}
          aria-busy={action.state.submitting || undefined}
          onClick={() => void resend()}
        >
          {t(props.buttonKey)}
        </button>
      </p>
      {sentTo !== null ? (
        <Notice tone="success" dataQa={`${props.dataQa}-resent`}>
          {t(props.sentKey, { email: sentTo })}
        </Notice>
      ) : null}
    </div>
  );
}
