import {
  loadedPasswordBlocklist,
  loadPasswordBlocklist,
  type PasswordBlocklist,
} from "@portal/core";
import { useEffect, useState } from "react";

/**
 * Core's full password blocklist (the one the server checks), loaded once `wanted` (a
 * new-password field's first focus or value): a chunk of its own, so no other page, and no
 * visitor who never comes to the password, carries its bytes. Null until it has arrived (or when it could not be loaded: the
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
