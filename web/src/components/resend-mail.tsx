import { type ActionName, type ApiResult, RESEND_COOLDOWN_SECONDS } from "@portal/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailureDialog } from "../app/failure-dialog-state.js";
import { useAction } from "../app/use-action.js";
import { Notice } from "./notice.js";
import { useCooldown } from "./use-cooldown.js";

/** Seconds after a resend before the next one (core's; the server holds it too). */
export { RESEND_COOLDOWN_SECONDS };

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
 * resend action, then confirms; a failure opens the failure dialog. After each send the
 * button waits {@link RESEND_COOLDOWN_SECONDS}, counting down on its face.
 */
export function ResendMail<T>(props: ResendMailProps<T>) {
  const { t } = useTranslation("common");
  const action = useAction(props.action);
  const { showFailure } = useFailureDialog();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const waiting = cooldown.remaining > 0;
  // The answer, not the text: the confirmation follows a language switch.
  const [answer, setAnswer] = useState<{ readonly value: T } | null>(null);
  // Whether the wait has run out since a send: said once, not every second.
  const [sentOnce, setSentOnce] = useState(false);

  const resend = async () => {
    if (waiting || action.state.submitting) return;
    setAnswer(null);
    const result = await action.run(props.send);
    if (result.ok) {
      setAnswer({ value: result.value });
      setSentOnce(true);
      cooldown.start();
    } else
      showFailure(
        result.error,
        props.failureDialogQa === undefined ? undefined : { dataQa: props.failureDialogQa },
      );
  };

  return (
    <div className="resend" data-qa={`${props.dataQa}-resend-block`}>
      <p>
        {props.question}{" "}
        {/* aria-disabled, not disabled, while waiting: the button keeps the keyboard focus. */}
        <button
          type="button"
          className="btn btn--quiet"
          data-qa={`${props.dataQa}-resend`}
          disabled={action.state.submitting}
          aria-disabled={waiting || undefined}
          aria-busy={action.state.submitting || undefined}
          onClick={() => void resend()}
        >
          {waiting ? t("resend.wait", { seconds: cooldown.remaining }) : props.label}
        </button>
      </p>
      {/* The face counts every second; this polite region speaks only at the start and end. */}
      <p className="visually-hidden" role="status" data-qa={`${props.dataQa}-resend-wait`}>
        {waiting
          ? t("resend.waitAnnounced", { seconds: RESEND_COOLDOWN_SECONDS })
          : sentOnce
            ? t("resend.ready")
            : ""}
      </p>
      {answer !== null ? (
        <Notice tone="success" dataQa={`${props.dataQa}-resent`}>
          {props.sent(answer.value)}
        </Notice>
      ) : null}
    </div>
  );
}
