import { useEffect } from "react";
import { useServices } from "./services-context.js";

/**
 * Keeps the page-ready flag false while `pending` is true (a component still loading).
 *
 * @example
 * usePending(loading);
 */
export function usePending(pending: boolean): void {
  const { pageReady: tracker } = useServices();
  useEffect(() => (pending ? tracker.begin() : undefined), [pending, tracker]);
}
