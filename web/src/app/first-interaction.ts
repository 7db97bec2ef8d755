import { useEffect, useState } from "react";

/**
 * The visitor's first interaction with the page: the moment a public page needs more than
 * its first render (the container with the API client and effect's Schema, the header's
 * web-target lookup). Until then a visitor only reads, and a first visit loads none of it.
 */

/** What counts as starting to use the page: a press, a key, a focus, a touch. */
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value differs from the HTML's: the visitor changed it before the app ran. */
const changed = (field: Field): boolean => {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
};

/**
 * Whether the visitor already used the page before the app listened: typed, chose or ticked
 * something in the prerendered frame, or the focus sits in it.
 */
const usedBefore = (doc: Document, root: ParentNode): boolean => {
  const active = doc.activeElement;
  if (active && active !== doc.body && root.contains(active)) return true;
  return [...root.querySelectorAll<Field>("input, textarea, select")].some(changed);
};

/**
 * Resolves on the first pointerdown, keydown, focusin or touchstart anywhere in `doc`, or
 * at once when the visitor used `root` (the prerendered frame) before this was asked.
 *
 * @example
 * void firstInteraction(document, root).then(() => import("./container.js"));
 */
export const firstInteraction = (doc: Document, root: ParentNode = doc): Promise<void> =>
  new Promise((resolve) => {
    if (usedBefore(doc, root)) {
      resolve();
      return;
    }
    const done = (): void => {
      for (const type of INTERACTIONS) doc.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS)
      doc.addEventListener(type, done, { capture: true, passive: true });
  });

let gate: Promise<void> = Promise.resolve();

/**
 * Called by start.tsx on a public page before its first render (and before it hydrates a
 * prerendered frame): from then on `afterFirstInteraction` waits for the visitor's first
 * interaction with the page (answered).
 */
export const watchFirstInteraction = (doc: Document, root: ParentNode): Promise<void> => {
  gate = firstInteraction(doc, root);
  return gate;
};

/**
 * When a public page's extra work may start: the visitor's first interaction (see
 * `watchFirstInteraction`); at once where nobody watches (a protected page, the
 * prerender, tests).
 *
 * @example
 * void afterFirstInteraction().then(() => lookUpWhatAClickNeeds());
 */
export const afterFirstInteraction = (): Promise<void> => gate;

/**
 * False until the visitor's first interaction (see `afterFirstInteraction`).
 *
 * @example
 * const interacted = useFirstInteraction(); // look up what a click would need
 */
export function useFirstInteraction(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstInteraction().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return done;
}

/** For tests: a new page load (nobody watching). */
export const resetFirstInteractionForTests = (): void => {
  gate = Promise.resolve();
};
