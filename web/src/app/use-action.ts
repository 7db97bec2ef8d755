import {
  type ActionEvent,
  type ActionName,
  type ActionState,
  type ApiResult,
  actionReducer,
  type HttpFailure,
  IDLE_ACTION_STATE,
  type Result,
} from "@portal/core";
import { useCallback, useMemo, useReducer } from "react";

/** One action's state and the way to run it. */
export interface ActionHandle {
  readonly name: ActionName;
  readonly state: ActionState;
  /** Runs `work`: submitting while it runs, then success or the kept error. */
  readonly run: <T>(work: () => ApiResult<T>) => Promise<Result<T, HttpFailure>>;
  readonly dispatch: (event: ActionEvent) => void;
  readonly reset: () => void;
}

/**
 * An action of spec section 3 (submitting, submitted, success, error) over core's
 * `actionReducer`.
 *
 * @example
 * const resend = useAction("resendOptin");
 * const r = await resend.run(() => api.resendOptInMail({ email }));
 */
export function useAction(name: ActionName): ActionHandle {
  const [state, dispatch] = useReducer(actionReducer, IDLE_ACTION_STATE);
  const run = useCallback(async <T>(work: () => ApiResult<T>) => {
    dispatch({ type: "start" });
    const result = await work();
    dispatch(result.ok ? { type: "succeed" } : { type: "fail", error: result.error });
    return result;
  }, []);
  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  return useMemo(() => ({ name, state, run, dispatch, reset }), [name, state, run, reset]);
}
