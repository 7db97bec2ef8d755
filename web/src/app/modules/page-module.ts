/**
 * Container module of the page's time: the page-ready tracker (data-page-ready, which the
 * boot script started) and the clock.
 */
import { type Clock, systemClock } from "@portal/core";
import { ContainerModule } from "inversify";
import { PageReadyTracker } from "../page-ready.js";
import { TOKENS } from "../tokens.js";

export interface PageParts {
  readonly pageReady?: PageReadyTracker | undefined;
  readonly clock?: Clock | undefined;
}

export const pageModule = ({ pageReady, clock }: PageParts = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.pageReady).toConstantValue(pageReady ?? new PageReadyTracker(document.body));
    bind(TOKENS.clock).toConstantValue(clock ?? systemClock);
  });
