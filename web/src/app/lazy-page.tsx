import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";

/**
 * A page module (or a part's) as its dynamic import yields it; `frame` loads what the
 * page's prerendered frame shows besides the page itself (parts it otherwise loads after
 * the first paint), so hydrating it renders them at once too.
 */
export type PageModule<P extends object = object> = {
  readonly default: ComponentType<P>;
  readonly frame?: () => Promise<unknown>;
};
export type PageLoader<P extends object = object> = () => Promise<PageModule<P>>;

/**
 * A page (or a part of one, with props `P`) whose chunk loads on first render, or earlier
 * through `preload()`. Unlike React's `lazy`, a preloaded page renders in the same pass:
 * `lazy` suspends once even for a loaded module, and the Suspense fallback it showed on
 * the first paint (then replaced by the page) moved the footer and delayed the largest
 * paint; under a prerendered frame such a part hydrates apart, and an update reaching it
 * first (the form's validation) throws its markup away with what was typed into it.
 *
 * @example
 * const register = new LazyPage(() => import("./register-page.js"));
 * await register.preload(); // <PageView page={register} /> now renders at once
 */
export class LazyPage<P extends object = object> {
  #loaded: ComponentType<P> | undefined;
  #pending: Promise<ComponentType<P>> | undefined;
  #module: Promise<PageModule<P>> | undefined;
  /** The page through React's `lazy`, for a render before the chunk is there. */
  readonly lazy: LazyExoticComponent<ComponentType<P>>;

  constructor(private readonly load: PageLoader<P>) {
    this.lazy = lazy(() => this.preload().then((page) => ({ default: page })));
  }

  /** The page component once its chunk is there. */
  get loaded(): ComponentType<P> | undefined {
    return this.#loaded;
  }

  /** Loads the chunk (once); the same promise on every call. */
  preload(): Promise<ComponentType<P>> {
    this.#module ??= this.load();
    this.#pending ??= this.#module.then((m) => {
      this.#loaded = m.default;
      return m.default;
    });
    return this.#pending;
  }

  /** Loads the page and every part its prerendered frame shows (see `PageModule.frame`). */
  async preloadFrame(): Promise<ComponentType<P>> {
    const page = await this.preload();
    await (await this.#module)?.frame?.();
    return page;
  }
}

/**
 * The component of a lazy page or part: the loaded one when preloaded (it renders at
 * once), else React's `lazy` (it suspends until its chunk is there). Chosen once per
 * mount: switching from the lazy wrapper to the loaded component on a later render would
 * remount it and lose its state.
 */
export function useLazyComponent<P extends object>(page: LazyPage<P>): ComponentType<P> {
  const [component] = useState<ComponentType<P>>(() => page.loaded ?? page.lazy);
  return component;
}

/** Renders a lazy page: at once when preloaded, else suspending until its chunk is there. */
export function PageView({ page }: { readonly page: LazyPage }) {
  const Page = useLazyComponent(page);
  return <Page />;
}

/** A `LazyPage` for every loader of a route table. */
export const lazyPages = <K extends string>(
  loaders: Readonly<Record<K, PageLoader>>,
): Readonly<Record<K, LazyPage>> =>
  Object.fromEntries(
    Object.entries<PageLoader>(loaders).map(([name, load]) => [name, new LazyPage(load)]),
  ) as Record<K, LazyPage>;
