import type { ConsentChange, Person } from "@portal/contracts";
import { useCallback, useEffect, useState } from "react";
import { useServices } from "../../../app/services-context.js";

/** The consent history as the profile holds it: not asked for yet, loading, loaded or failed. */
export type ConsentHistoryLoad =
  | { readonly state: "idle" }
  | { readonly state: "loading" }
  | { readonly state: "loaded"; readonly changes: readonly ConsentChange[] }
  | { readonly state: "failed" };

/** What {@link useConsentHistory} gives the consents' disclosures. */
export interface ConsentHistoryHandle {
  readonly load: ConsentHistoryLoad;
  /** Loads the history once a disclosure opens (nothing happens when it is already there). */
  readonly request: () => void;
  /** Loads it again after a failure. */
  readonly retry: () => void;
}

/**
 * Both consents' history (`GET /persons/me/consent-history`, one call), fetched only when
 * the person first opens one of the disclosures: most visits never look at it. Loaded
 * again whenever the stored person's consents change (a save updates them), so an open
 * history always ends with the latest change.
 *
 * @example
 * const history = useConsentHistory(person); history.request();
 */
export function useConsentHistory(person: Person): ConsentHistoryHandle {
  const { api } = useServices();
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<ConsentHistoryLoad>({ state: "idle" });
  // Changes when a save records a consent change: the history then has a new entry.
  const consents = [
    person.consentMarketing,
    person.consentMarketingLastUpdatedAt,
    person.consentRecherche,
    person.consentRechercheLastUpdatedAt,
  ].join("|");

  // biome-ignore lint/correctness/useExhaustiveDependencies: a consent change or a retry is the trigger to load again
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setLoad({ state: "loading" });
    void api.getConsentHistory().then((result) => {
      if (live)
        setLoad(
          result.ok ? { state: "loaded", changes: result.value.changes } : { state: "failed" },
        );
    });
    return () => {
      live = false;
    };
  }, [api, wanted, consents, attempt]);

  const request = useCallback(() => setWanted(true), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, request, retry };
}
