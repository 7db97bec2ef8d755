/**
 * The app's services for its first render, before its inversify container is built. What a
 * render reads at once (the config, the session and its check, the page-ready tracker, the
 * clock, the consent cookie) is given as it is, and the container binds the same objects;
 * the ports that do I/O (the API, the company search, the web targets, analytics) are
 * stand-ins that hand each call to the container's own service. The first render calls
 * none of them: page views, lookups and requests run in effects or on input. So the
 * container (inversify and the adapters' modules, about 18 KB gzip) is not part of the
 * first page: it is built when start.tsx asks (on a public page at the visitor's first
 * interaction, on a protected one at once) or on the first call of a port, whichever
 * comes first. Analytics alone asks for it only with consent granted.
 */
import type { Analytics } from "@portal/core";
import { type ConsentListener, listensToConsent } from "../adapters/analytics.js";
import type { AppServices } from "./app-services.js";
import { onFirstCall } from "./on-first-call.js";

/** What the first render reads as it is (the container binds the same objects). */
export type FirstRenderServices = Pick<
  AppServices,
  "config" | "identity" | "sessionCheck" | "pageReady" | "clock" | "consent"
>;

export interface ServicesOnFirstUse {
  /** The services to render with: the given values and the stand-ins. */
  readonly services: AppServices;
  /** Builds the container once (again after a failed load) and answers its services. */
  readonly load: () => Promise<AppServices>;
}

/**
 * @example
 * const { services, load } = servicesOnFirstUse(first, () => import("./container.js").then((m) => resolveServices(m.createAppContainer(first))));
 * void firstInteraction(document).then(load);
 */
export function servicesOnFirstUse(
  first: FirstRenderServices,
  build: () => Promise<AppServices>,
): ServicesOnFirstUse {
  let built: Promise<AppServices> | undefined;
  // Analytics calls that wait for the container without asking for it (see `later`).
  const waiting: Array<(analytics: Analytics) => void> = [];
  const load = (): Promise<AppServices> => {
    built ??= build().catch((e: unknown) => {
      // A chunk that failed to load (offline, a new deployment) is asked for again next time.
      built = undefined;
      throw e;
    });
    const services = built;
    for (const use of waiting.splice(0))
      services.then(
        (s) => use(s.analytics),
        () => undefined,
      );
    return services;
  };
  // Their failures are results: a container that does not load answers as a request
  // that got no answer.
  const port = <K extends "api" | "companySearch" | "webTargets">(key: K): AppServices[K] =>
    onFirstCall<AppServices[K]>(() => load().then((services) => services[key]), first.pageReady);
  // Analytics answers nothing: its calls wait for the container in the order they came,
  // and are dropped if it does not load (analytics never disturbs the user). Only a visitor
  // who has granted consent gets anything sent at once, so only then does a call load the
  // container; otherwise (no choice yet, which a first visit is, or refused) the calls wait
  // for the container's load by the first interaction or a port's call.
  const later = (use: (analytics: Analytics) => void): void => {
    if (built || first.consent.read() === "granted")
      load().then(
        (services) => use(services.analytics),
        () => undefined,
      );
    else waiting.push(use);
  };
  const analytics: Analytics & ConsentListener = {
    pageView: (routeName, path) => later((a) => a.pageView(routeName, path)),
    event: (name, data) => later((a) => a.event(name, data)),
    reportError: (report) => later((a) => a.reportError(report)),
    consentChanged: () =>
      later((a) => {
        if (listensToConsent(a)) a.consentChanged();
      }),
  };
  return {
    services: {
      ...first,
      api: port("api"),
      companySearch: port("companySearch"),
      webTargets: port("webTargets"),
      analytics,
    },
    load,
  };
}
