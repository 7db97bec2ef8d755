import type { HttpFailure, Result } from "@portal/core";
import { useCallback, useEffect, useEffectEvent, useState } from "react";

/**
 * Data a component loads: not wanted (`idle`), on its way (`loading`, with the last value
 * while a new key loads), there (`loaded`, with the key it answers) or `failed`.
 */
export type Load<T> =
  | { readonly state: "idle" }
  | { readonly state: "loading"; readonly previous: T | undefined }
  | { readonly state: "loaded"; readonly key: string; readonly value: T }
  | { readonly state: "failed"; readonly key: string; readonly failure: HttpFailure };

/** What {@link useLoad} gives a component. */
export interface Loader<T> {
  readonly load: Load<T>;
  /** Loads the same key again (a retry, or after a change the answer must show). */
  readonly reload: () => void;
  /** Changes the loaded value in place (an edit the server answered). */
  readonly update: (change: (value: T) => T) => void;
}

const IDLE = { state: "idle" } as const;

/**
 * The app's one way to load data for a component. `key` names what is wanted (null:
 * nothing yet): when it changes, or the component goes away, the request under way is
 * aborted through the signal the loader receives (core's API client passes it to fetch),
 * so a stale answer can neither land on the page nor keep a spinner standing. The loader
 * runs once per key and reload, whatever else re-renders the component.
 *
 * @example
 * const { load } = useLoad(term, (signal) => api.companySuggestions(term, { signal }));
 */
export function useLoad<T>(
  key: string | null,
  loader: (signal: AbortSignal) => Promise<Result<T, HttpFailure>>,
): Loader<T> {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load<T>>(
    key === null ? IDLE : { state: "loading", previous: undefined },
  );
  // The loader of the latest render: reading it does not make it a reason to load again.
  const run = useEffectEvent(loader);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a reload (attempt) loads again
  useEffect(() => {
    if (key === null) {
      setLoad(IDLE);
      return;
    }
    const controller = new AbortController();
    setLoad((current) =>
      current.state === "loading"
        ? current
        : { state: "loading", previous: current.state === "loaded" ? current.value : undefined },
    );
    void run(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoad(
        result.ok
          ? { state: "loaded", key, value: result.value }
          : { state: "failed", key, failure: result.error },
      );
    });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (value: T) => T) =>
      setLoad((current) =>
        current.state === "loaded" ? { ...current, value: change(current.value) } : current,
      ),
    [],
  );
  return { load, reload, update };
}
