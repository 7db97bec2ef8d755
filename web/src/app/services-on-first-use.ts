/**
 * The app's services for its first render, before its inversify container is built: what a
 * render reads at once (config, session, page-ready tracker, clock, consent cookie) as it
 * is (the container binds the same objects), and stand-ins for the ports that do I/O, which
 * hand each call to the container's service. The first render calls none of them (requests
 * run in effects or on input), so the container (about 18 KB gzip) is not on the first page.
 */
import { type Analytics, systemClock } from "@portal/core";
import { type ConsentListener, listensToConsent } from "../adapters/analytics.js";
import { cookieConsentStore } from "../adapters/consent-store.js";
import type { AppServices } from "./app-services.js";
import { onFirstCall } from "./on-first-call.js";
import { resolveServices } from "./services-context.js";

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
 * const { services, load } = servicesWithContainerOnFirstUse(first, () => import("./container.js").then((m) => resolveServices(m.createAppContainer(first))));
 * void afterFirstInteraction().then(load);
 */
export function servicesWithContainerOnFirstUse(
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
  // Analytics answers nothing: its calls wait for the container in their order, and are
  // dropped if it does not load. Only with consent granted is anything sent at once, so only
  // then does a call load the container; otherwise its calls wait for another's load.
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

/**
 * start()'s services: the container from its own chunk, built once `wanted` resolves (a
 * public page's first interaction; at once on a protected page, which asks for the person
 * as it renders) or on a port's first call if sooner.
 */
export const servicesOnFirstUse = (
  config: AppServices["config"],
  identity: AppServices["identity"] & AppServices["sessionCheck"],
  pageReady: AppServices["pageReady"],
  wanted: Promise<void>,
): AppServices => {
  const consent = cookieConsentStore();
  const first = {
    config,
    identity,
    sessionCheck: identity,
    pageReady,
    clock: systemClock,
    consent,
  };
  const { services, load } = servicesWithContainerOnFirstUse(first, () =>
    import("./container.js").then((c) => resolveServices(c.createAppContainer(first))),
  );
  // A warm-up: a failure is answered (and reported) by the call that needs the container.
  void wanted.then(load).catch(() => undefined);
  return services;
};
