import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";

/** A page module as a route's dynamic import yields it. */
export type PageModule = { readonly default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * A page whose chunk loads on first render, or earlier through `preload()`. Unlike React's
 * `lazy`, a preloaded page renders in the same pass: `lazy` suspends once even for a loaded
 * module, and the Suspense fallback it showed on the first paint (then replaced by the
 * page) moved the footer and delayed the largest paint.
 *
 * @example
 * const register = new LazyPage(() => import("./register-page.js"));
 * await register.preload(); // <PageView page={register} /> now renders at once
 */
export class LazyPage {
  #loaded: ComponentType | undefined;
  #pending: Promise<ComponentType> | undefined;
  /** The page through React's `lazy`, for a render before the chunk is there. */
  readonly lazy: LazyExoticComponent<ComponentType>;

  constructor(private readonly load: PageLoader) {
    this.lazy = lazy(() => this.preload().then((page) => ({ default: page })));
  }

  /** The page component once its chunk is there. */
  get loaded(): ComponentType | undefined {
    return this.#loaded;
  }

  /** Loads the chunk (once); the same promise on every call. */
  preload(): Promise<ComponentType> {
    this.#pending ??= this.load().then((m) => {
      this.#loaded = m.default;
      return m.default;
    });
    return this.#pending;
  }
}

/** Renders a lazy page: at once when preloaded, else suspending until its chunk is there. */
export function PageView({ page }: { readonly page: LazyPage }) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component on a
  // later render would remount the page and lose its state.
  const [Page] = useState<ComponentType>(() => page.loaded ?? page.lazy);
  return <Page />;
}

/** A `LazyPage` for every loader of a route table. */
export const lazyPages = <K extends string>(
  loaders: Readonly<Record<K, PageLoader>>,
): Readonly<Record<K, LazyPage>> =>
  Object.fromEntries(
    Object.entries<PageLoader>(loaders).map(([name, load]) => [name, new LazyPage(load)]),
  ) as Record<K, LazyPage>;
