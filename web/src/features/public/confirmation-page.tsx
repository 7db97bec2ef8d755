import type { ActionName, ApiResult } from "@portal/core";
import { isFakeSuccess } from "@portal/core";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useAction } from "../../app/use-action.js";
import { LoadingState } from "../../components/loading-state.js";

/**
 * A public confirmation link: reads its token from the query, confirms once (the
 * fake-success tokens of core count as success without a call) and shows the outcome.
 */
export function ConfirmationFlow(props: {
  readonly action: ActionName;
  readonly tokenParam: string;
  readonly confirm: (token: string) => ApiResult<void>;
  readonly success: ReactNode;
  readonly failure: ReactNode;
  readonly dataQa: string;
}) {
  const token = new URLSearchParams(useLocation().search).get(props.tokenParam) ?? "";
  const { state, run, dispatch } = useAction(props.action);
  const { action, confirm } = props;
  useEffect(() => {
    if (isFakeSuccess(action, token)) dispatch({ type: "succeed" });
    else void run(() => confirm(token));
  }, [action, token, confirm, run, dispatch]);
  if (state.success) return <>{props.success}</>;
  if (state.error) return <>{props.failure}</>;
  return <LoadingState dataQa={`${props.dataQa}-loading`} />;
}
