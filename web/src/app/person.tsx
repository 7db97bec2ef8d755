import type { Person } from "@portal/contracts";
import { companyOnLoad, needsCompanyLookup } from "@portal/core";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useFailureDialog } from "./failure-dialog-state.js";
import { useServices } from "./services-context.js";
import { useSession } from "./session.js";
import { usePending } from "./use-pending.js";

/** The signed-in person as pages see it. */
export interface PersonStore {
  readonly person: Person | null;
  readonly loading: boolean;
  /** Loads `GET /persons/me` again; resolves with the person or null on failure. */
  readonly reload: () => Promise<Person | null>;
  /** Replaces the stored person (for example with the answer of a patch). */
  readonly setPerson: (person: Person | null) => void;
}

const PersonContext = createContext<PersonStore | null>(null);

/** Loads the own person once the sign-in check says signed in; failures open the failure dialog. */
export function PersonProvider({ children }: { readonly children: ReactNode }) {
  const { api, companySearch } = useServices();
  const { checking, authenticated } = useSession();
  const { showFailure } = useFailureDialog();
  const [person, setPerson] = useState<Person | null>(null);
  // Loading until the sign-in check has answered: a protected page must not render in the
  // one pass between "signed in" and the start of the person's request.
  const [loading, setLoading] = useState(authenticated || checking);
  usePending(loading);

  const reload = useCallback(async () => {
    setLoading(true);
    const result = await api.getMe();
    if (!result.ok) {
      setLoading(false);
      showFailure(result.error);
      return null;
    }
    // Spec section 4: a loaded unverifiedCrefonummer is looked up to show its company name.
    const loaded = needsCompanyLookup(result.value)
      ? companyOnLoad(
          result.value,
          await companySearch.suggest(result.value.unverifiedCrefonummer ?? ""),
        )
      : result.value;
    // The page drawn with the person is the largest render of an account page: as a
    // transition React slices it into short tasks instead of one that blocks input.
    startTransition(() => {
      setPerson(loaded);
      setLoading(false);
    });
    return loaded;
  }, [api, companySearch, showFailure]);

  useEffect(() => {
    if (checking) return;
    if (authenticated) {
      void reload();
      return;
    }
    // A visitor's answer: nothing to load. A transition too (see reload): at this point a
    // prerendered frame is often still being hydrated, and an urgent update would render
    // every page under this provider again in one task.
    startTransition(() => {
      setPerson(null);
      setLoading(false);
    });
  }, [checking, authenticated, reload]);

  const store = useMemo(() => ({ person, loading, reload, setPerson }), [person, loading, reload]);
  return <PersonContext.Provider value={store}>{children}</PersonContext.Provider>;
}

/**
 * The own person: `{ person, loading, reload, setPerson }`.
 *
 * @example
 * const { person, loading } = usePerson();
 */
export function usePerson(): PersonStore {
  const store = useContext(PersonContext);
  if (!store) throw new Error("usePerson needs <AppProviders> above it");
  return store;
}
