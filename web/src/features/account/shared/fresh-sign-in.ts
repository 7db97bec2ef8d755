import { isFreshSignIn } from "@portal/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../../../app/session.js";

// A sensitive change (a new e-mail address, a deletion request, a new password, the
// download of all one's data) needs a sign-in within the last 5 minutes, as Keycloak's account console asks
// (max_age). When the token's auth_time is older, the page keeps what the person entered
// in sessionStorage (never a secret: an address at most), signs in again with
// prompt=login back to the same page, and once back carries on with the change by itself.
// The server checks the same rule and answers REAUTHENTICATION_REQUIRED, which leads here
// too.

const STORAGE_KEY = "portal.pendingChange";
/** A kept change older than this (ms) is dropped: the person has moved on. */
const PENDING_MAX_AGE_MS = 15 * 60 * 1000;

/** The sensitive changes (and the data download) that wait for a new sign-in. */
export type PendingChangeKind =
  | "change-mail-address"
  | "change-password"
  | "request-account-deletion"
  | "resend-account-deletion"
  | "export-my-data"
  | "keep-suspended-factor";

interface PendingChange {
  readonly kind: PendingChangeKind;
  /** The person who asked: after a sign-in as somebody else it is dropped. */
  readonly personId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly savedAt: number;
}

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

const readPending = (kind: PendingChangeKind, personId: string | null): PendingChange | null => {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw || !personId) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingChange>;
    const fresh =
      typeof value.savedAt === "number" && Date.now() - value.savedAt < PENDING_MAX_AGE_MS;
    return value.kind === kind && value.personId === personId && fresh && value.values
      ? (value as PendingChange)
      : null;
  } catch {
    return null;
  }
};

// The change a page load resumes is sent once, also when React runs effects twice.
let resumedAt: number | undefined;

/** What {@link useFreshSignIn} gives a page. */
export interface FreshSignIn {
  /** The values kept before the new sign-in, once the person is back (else null). */
  readonly resumed: Readonly<Record<string, string>> | null;
  /** True when the current sign-in is too old for the change. */
  readonly needed: () => boolean;
  /**
   * Keeps `values` and signs in again, back to this page. Resolves true while the browser
   * leaves for the sign-in, false when the sign-in could not start (the change is dropped).
   */
  readonly signInAgain: (values?: Readonly<Record<string, string>>) => Promise<boolean>;
  /** True while the browser leaves for the sign-in. */
  readonly redirecting: boolean;
}

/**
 * The fresh-sign-in step of a sensitive change on one page; `carryOn` runs once with the
 * kept values after the person signed in again.
 *
 * @example
 * const fresh = useFreshSignIn("request-account-deletion", () => void send());
 * if (fresh.needed()) await fresh.signInAgain(); else await send();
 */
export function useFreshSignIn(
  kind: PendingChangeKind,
  carryOn: (values: Readonly<Record<string, string>>) => void,
): FreshSignIn {
  const { claims, login } = useSession();
  const personId = claims?.cr_id ?? claims?.sub ?? null;
  const [resumed] = useState(() => readPending(kind, personId));
  const [redirecting, setRedirecting] = useState(false);
  const carryOnRef = useRef(carryOn);
  carryOnRef.current = carryOn;

  useEffect(() => {
    if (!resumed || resumedAt === resumed.savedAt) return;
    resumedAt = resumed.savedAt;
    storage()?.removeItem(STORAGE_KEY);
    carryOnRef.current(resumed.values);
  }, [resumed]);

  const needed = useCallback(
    () => !isFreshSignIn(claims?.auth_time, Math.floor(Date.now() / 1000)),
    [claims],
  );

  const signInAgain = useCallback(
    async (values: Readonly<Record<string, string>> = {}): Promise<boolean> => {
      if (personId) {
        const pending: PendingChange = { kind, personId, values, savedAt: Date.now() };
        storage()?.setItem(STORAGE_KEY, JSON.stringify(pending));
      }
      setRedirecting(true);
      try {
        await login({
          prompt: "login",
          redirectUri: window.location.href,
          ...(claims?.email ? { loginHint: claims.email } : {}),
        });
        return true;
      } catch {
        storage()?.removeItem(STORAGE_KEY);
        setRedirecting(false);
        return false;
      }
    },
    [kind, personId, login, claims],
  );

  return { resumed: resumed?.values ?? null, needed, signInAgain, redirecting };
}

/**
 * True when a failed call asks for a new sign-in (401 REAUTHENTICATION_REQUIRED).
 *
 * @example
 * if (!result.ok && asksForFreshSignIn(result.error.body)) await fresh.signInAgain();
 */
export const asksForFreshSignIn = (body: unknown): boolean =>
  Array.isArray(body) &&
  body.some(
    (entry) =>
      typeof entry === "object" &&
      entry !== null &&
      (entry as { errorCode?: unknown }).errorCode === "REAUTHENTICATION_REQUIRED",
  );

/** For tests: a new page load, which has resumed no change yet. */
export const resetFreshSignInForTests = (): void => {
  resumedAt = undefined;
};
