import type { ActionName, ApiResult } from "@portal/core";
import { type ReactNode, useState } from "react";
import { useFailureDialog } from "../app/failure-dialog-state.js";
import { useAction } from "../app/use-action.js";
import { Notice } from "./notice.js";

/** Props of {@link ResendMail}. */
export interface ResendMailProps<T> {
  readonly action: ActionName;
  /** The call that sends the mail again. */
  readonly send: () => ApiResult<T>;
  /** data-qa prefix: `-resend-block`, `-resend` (the button) and `-resent` (the confirmation). */
  readonly dataQa: string;
  /** The question before the button ("No e-mail received?"). */
  readonly question: ReactNode;
  readonly label: ReactNode;
  /**
   * The confirmation, from the call's answer: the account pages name the address the
   * mail went to (spec section 8); the public ones must not say whether an account exists.
   */
  readonly sent: (answer: T) => ReactNode;
  /** data-qa of the failure dialog, where a journey names it. */
  readonly failureDialogQa?: string;
}

/**
 * "No e-mail received? Send it again" on every page that has just sent a mail: runs the
 * resend action, then confirms; a failure opens the failure dialog.
 */
export function ResendMail<T>(props: ResendMailProps<T>) {
  const action = useAction(props.action);
  const { showFailure } = useFailureDialog();
  // The answer, not the text: the confirmation follows a language switch.
  const [answer, setAnswer] = useState<{ readonly value: T } | null>(null);

  const resend = async () => {
    setAnswer(null);
    const result = await action.run(props.send);
    if (result.ok) setAnswer({ value: result.value });
    else
      showFailure(
        result.error,
        props.failureDialogQa === undefined ? undefined : { dataQa: props.failureDialogQa },
      );
  };

  return (
    <div className="resend" data-qa={`${props.dataQa}-resend-block`}>
      <p>
        {props.question}{" "}
        <button
          type="button"
          className="btn btn--quiet"
          data-qa={`${props.dataQa}-resend`}
          disabled={action.state.submitting}
          aria-busy={action.state.submitting || undefined}
          onClick={() => void resend()}
        >
          {props.label}
        </button>
      </p>
      {answer !== null ? (
        <Notice tone="success" dataQa={`${props.dataQa}-resent`}>
          {props.sent(answer.value)}
        </Notice>
      ) : null}
    </div>
  );
}
