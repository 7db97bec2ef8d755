import type { RouteName } from "@portal/core";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useRouteNavigate } from "../../../app/navigation.js";

/**
 * What a form page hands to its success page through the history entry's state, so the
 * success page can name the address or number even though each page keeps its own
 * action state (the state survives a reload of the same history entry).
 */
export interface SuccessState {
  /** The address a confirmation mail went to. */
  readonly email?: string;
  readonly memberNumber?: string;
  readonly mitgliedskennung?: string;
  /** Set by the form page once its action succeeded (see {@link useReachedByAction}). */
  readonly done?: true;
}

const text = (v: unknown): string | undefined =>
  typeof v === "string" && v !== "" ? v : undefined;

/** Reads {@link SuccessState} from the current history entry; unknown shapes give `{}`. */
export function useSuccessState(): SuccessState {
  const { state } = useLocation();
  if (typeof state !== "object" || state === null) return {};
  const s = state as Record<string, unknown>;
  const email = text(s.email);
  const memberNumber = text(s.memberNumber);
  const mitgliedskennung = text(s.mitgliedskennung);
  return {
    ...(email ? { email } : {}),
    ...(memberNumber ? { memberNumber } : {}),
    ...(mitgliedskennung ? { mitgliedskennung } : {}),
  };
}

/**
 * True when this history entry was reached through its form's successful action (the form
 * page navigates with `state.done`; a reload keeps it). A success page opened directly (typed,
 * bookmarked, a new tab) would claim a change that did not happen: it goes to `parent`
 * instead, and renders nothing meanwhile.
 */
export function useReachedByAction(parent: RouteName): boolean {
  const { state } = useLocation();
  const done =
    typeof state === "object" && state !== null && (state as Record<string, unknown>).done === true;
  const go = useRouteNavigate();
  useEffect(() => {
    if (!done) go(parent, undefined, { replace: true });
  }, [done, go, parent]);
  return done;
}
