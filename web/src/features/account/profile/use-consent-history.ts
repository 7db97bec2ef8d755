import type { ConsentChange, Person } from "@portal/contracts";
import { useCallback, useState } from "react";
import { useServices } from "../../../app/services-context.js";
import { useLoad } from "../../../app/use-load.js";

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
  // Changes when a save records a consent change: the history then has a new entry.
  const consents = [
    person.consentMarketing,
    person.consentMarketingLastUpdatedAt,
    person.consentRecherche,
    person.consentRechercheLastUpdatedAt,
  ].join("|");
  const history = useLoad(wanted ? consents : null, (signal) => api.getConsentHistory({ signal }));
  const load: ConsentHistoryLoad =
    history.load.state === "loaded"
      ? { state: "loaded", changes: history.load.value.changes }
      : history.load.state === "failed"
        ? { state: "failed" }
        : { state: history.load.state };

  const request = useCallback(() => setWanted(true), []);
  return { load, request, retry: history.reload };
}
