import {
  loadedPasswordBlocklist,
  loadPasswordBlocklist,
  type PasswordBlocklist,
} from "@portal/core";
import { useEffect, useState } from "react";

/**
 * Core's full password blocklist (the one the server checks), loaded after the first paint
 * of a page with a new-password field: a chunk of its own, so no other page, and no first
 * paint, carries its bytes. Null until it has arrived (or when it could not be loaded: the
 * server still checks it).
 */
export function usePasswordBlocklist(wanted: boolean): PasswordBlocklist | null {
  const [blocklist, setBlocklist] = useState(loadedPasswordBlocklist);
  useEffect(() => {
    if (!wanted || blocklist) return;
    let live = true;
    loadPasswordBlocklist().then(
      (list) => {
        if (live) setBlocklist(list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, blocklist]);
  return blocklist;
}
