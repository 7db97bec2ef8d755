import { type ReactNode, useEffect } from "react";

/**
 * Calls `onCommit` once the first render is on the page. The app's first render is a
 * transition (time-sliced, start.tsx): it is only scheduled when `render` returns, so the
 * boot's page-ready task ends here, at the commit, where the page's own pending work (the
 * person's request) has begun. Ended at the scheduling, the flag could turn true on a busy
 * machine while `/konto` had no heading yet (an axe scan then found none). A wrapper with
 * one child, not a sibling: a sibling would fork React's ids (`useId`) away from the
 * prerendered frame's.
 */
export function FirstCommit({
  onCommit,
  children,
}: {
  readonly onCommit: () => void;
  readonly children: ReactNode;
}): ReactNode {
  useEffect(onCommit, [onCommit]);
  return children;
}
