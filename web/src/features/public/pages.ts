import { lazyPages } from "../../app/lazy-page.js";
import { publicPageLoaders } from "./page-loaders.js";

/**
 * The public pages, keyed by the spec's route names (section 2), each a lazily loaded chunk.
 */
export const publicPages = lazyPages(publicPageLoaders);
