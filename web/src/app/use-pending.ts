import { useEffect } from "react";
import { useService } from "./container-context.js";
import { TOKENS } from "./tokens.js";

/**
 * Keeps the page-ready flag false while `pending` is true (a component still loading).
 *
 * @example
 * usePending(loading);
 */
export function usePending(pending: boolean): void {
  const tracker = useService(TOKENS.pageReady);
  useEffect(() => (pending ? tracker.begin() : undefined), [pending, tracker]);
}
