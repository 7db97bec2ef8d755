/**
 * Container module of analytics: the consent cookie and the analytics that send only
 * with consent, to the configured collector (none configured: nothing is sent).
 */
import type { Analytics } from "@portal/core";
import { ContainerModule } from "inversify";
import { ConsentedAnalytics, postEvent } from "../../adapters/analytics.js";
import { type ConsentStore, cookieConsentStore } from "../../adapters/consent-store.js";
import { TOKENS } from "../tokens.js";

export interface AnalyticsParts {
  readonly consent?: ConsentStore | undefined;
  readonly fetch?: typeof fetch | undefined;
}

export const analyticsModule = ({
  consent,
  fetch: fetchFn,
}: AnalyticsParts = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.consent).toConstantValue(consent ?? cookieConsentStore());
    bind(TOKENS.analytics).toResolvedValue(
      (store: ConsentStore, config): Analytics =>
        new ConsentedAnalytics(
          store,
          config.analyticsUrl ? postEvent(config.analyticsUrl, fetchFn) : null,
        ),
      [TOKENS.consent, TOKENS.config],
    );
  });
