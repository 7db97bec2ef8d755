import { useEffect } from "react";

/**
 * Calls `onCommit` once the first render is on the page. The app's first render is a
 * transition (time-sliced, start.tsx): it is only scheduled when `render` returns, so the
 * boot's page-ready task ends here, at the commit, where the page's own pending work (the
 * person's request) has begun. Ended at the scheduling, the flag could turn true on a busy
 * machine while `/konto` had no heading yet (an axe scan then found none).
 */
export function FirstCommit({ onCommit }: { readonly onCommit: () => void }): null {
  useEffect(onCommit, [onCommit]);
  return null;
}
