import { useLocation } from "react-router-dom";

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
