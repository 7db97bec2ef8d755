import type { ActionName, ActionState, ApiResult } from "@portal/core";
import { isFakeSuccess } from "@portal/core";
import { useEffect, useEffectEvent } from "react";
import { useLocation } from "react-router-dom";
import { useAction } from "../../app/use-action.js";

/**
 * A mailed confirmation link: reads its token from the query parameter `tokenParam` and
 * confirms it once when the page opens; core's fake-success tokens count as success
 * without a call (spec section 4). Answers the action's state.
 *
 * @example
 * const state = useConfirmationLink("optin", "optinId", (token) => api.confirmMailAddress({ confirmationToken: token }));
 */
export function useConfirmationLink(
  action: ActionName,
  tokenParam: string,
  confirm: (token: string) => ApiResult<void>,
): ActionState {
  const token = new URLSearchParams(useLocation().search).get(tokenParam) ?? "";
  const { state, run, dispatch } = useAction(action);
  // A token is single-use: a new `confirm` function on a later render must not send it
  // again, so the call is an effect event, not a dependency.
  const send = useEffectEvent((value: string) => run(() => confirm(value)));
  useEffect(() => {
    if (isFakeSuccess(action, token)) dispatch({ type: "succeed" });
    else void send(token);
  }, [action, token, dispatch]);
  return state;
}
