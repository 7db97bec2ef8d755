import { lazyPages } from "../../app/lazy-page.js";
import { accountPageLoaders } from "./page-loaders.js";

/**
 * The signed-in account pages, keyed by the spec's route names (section 2), each a lazily
 * loaded chunk. The shell's route table spreads this object into its routes.
 */
export const accountPages = lazyPages(accountPageLoaders);

/** Route name of an account page. */
export type AccountPageName = keyof typeof accountPages;
