import { systemClock } from "@portal/core";
import { describe, expect, it, vi } from "vitest";
import { ConsentedAnalytics, listensToConsent } from "../adapters/analytics.js";
import {
  answer,
  FakeIdentity,
  fakeApi,
  fakeCompanySearch,
  fakeWebTargets,
  memoryConsent,
  RecordingAnalytics,
  testConfig,
} from "../test-support/fakes.js";
import type { AppServices } from "./app-services.js";
import { PageReadyTracker } from "./page-ready.js";
import {
  type FirstRenderServices,
  servicesWithContainerOnFirstUse,
} from "./services-on-first-use.js";
import { settledSessionCheck } from "./session-check.js";

const firstRender = (): FirstRenderServices => ({
  config: testConfig,
  identity: new FakeIdentity(),
  sessionCheck: settledSessionCheck,
  pageReady: new PageReadyTracker(document.createElement("div"), 0),
  clock: systemClock,
  consent: memoryConsent(),
});

/** The container's services over the first render's values, with fake ports. */
const containerServices = (first: FirstRenderServices) => {
  const analytics = new RecordingAnalytics();
  const api = fakeApi({ getWebTarget: (key) => answer({ key, url: "/api", sourceSystem: key }) });
  const services: AppServices = {
    ...first,
    api,
    companySearch: fakeCompanySearch([{ crefonummer: "1", name: "Muster AG" }]),
    webTargets: fakeWebTargets({ MC: "https://mc.example" }),
    analytics,
  };
  return { services, api, analytics };
};

describe("servicesWithContainerOnFirstUse", () => {
  it("gives the first render's values as they are, and builds nothing before a port is called", () => {
    const first = firstRender();
    const build = vi.fn(async () => containerServices(first).services);
    const { services } = servicesWithContainerOnFirstUse(first, build);
    expect(services).toMatchObject(first);
    expect(Object.keys(services).sort()).toEqual(
      ["analytics", "api", "companySearch", "webTargets", ...Object.keys(first)].sort(),
    );
    expect(build).not.toHaveBeenCalled();
  });

  it("builds the container on the first call of a port, once, and hands every call to its service", async () => {
    const first = firstRender();
    const built = containerServices(first);
    const build = vi.fn(async () => built.services);
    const { services, load } = servicesWithContainerOnFirstUse(first, build);
    const [target, api, companies] = await Promise.all([
      services.webTargets.get("MC"),
      services.api.getWebTarget("BONITAET"),
      services.companySearch.suggest("Muster"),
    ]);
    expect(target).toEqual({
      ok: true,
      value: { key: "MC", url: "https://mc.example", sourceSystem: "MC" },
    });
    expect(api.ok && api.value.url).toBe("/api");
    expect(companies.ok && companies.value.companyNameSuggestions).toHaveLength(1);
    expect(built.api.calls).toEqual([{ method: "getWebTarget", args: ["BONITAET"] }]);
    expect(await load()).toBe(built.services);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("keeps analytics calls until the container is built, in their order", async () => {
    const first = firstRender();
    const built = containerServices(first);
    let arrive: () => void = () => undefined;
    const { services, load } = servicesWithContainerOnFirstUse(
      first,
      () => new Promise((resolve) => (arrive = () => resolve(built.services))),
    );
    services.analytics.pageView("register", "/benutzerverwaltung/registrieren");
    services.analytics.event("registered", { source: "form" });
    expect(built.analytics.pageViews).toEqual([]);
    const loading = load();
    arrive();
    await loading;
    expect(built.analytics.pageViews).toEqual([
      { routeName: "register", path: "/benutzerverwaltung/registrieren" },
    ]);
    expect(built.analytics.events).toEqual([{ name: "registered", data: { source: "form" } }]);
  });

  it("does not build the container for analytics alone before consent is granted", async () => {
    const first = firstRender();
    const built = containerServices(first);
    const build = vi.fn(async () => built.services);
    const { services, load } = servicesWithContainerOnFirstUse(first, build);
    services.analytics.pageView("register", "/benutzerverwaltung/registrieren");
    await Promise.resolve();
    expect(build).not.toHaveBeenCalled();
    // The first interaction (start.tsx) builds it: the page view is sent then.
    await load();
    expect(built.analytics.pageViews).toEqual([
      { routeName: "register", path: "/benutzerverwaltung/registrieren" },
    ]);
  });

  it("builds the container for analytics when consent was granted before", async () => {
    const first = { ...firstRender(), consent: memoryConsent("granted") };
    const built = containerServices(first);
    const build = vi.fn(async () => built.services);
    const { services, load } = servicesWithContainerOnFirstUse(first, build);
    services.analytics.pageView("register", "/benutzerverwaltung/registrieren");
    expect(build).toHaveBeenCalledTimes(1);
    await load();
    expect(built.analytics.pageViews).toHaveLength(1);
  });

  it("tells the container's analytics of a consent change", async () => {
    const first = firstRender();
    const consented = new ConsentedAnalytics(first.consent, null);
    const consentChanged = vi.spyOn(consented, "consentChanged");
    const { services, load } = servicesWithContainerOnFirstUse(first, async () => ({
      ...containerServices(first).services,
      analytics: consented,
    }));
    const { analytics } = services;
    // The cookie settings dialog asks the stand-in as it would the container's analytics.
    expect(listensToConsent(analytics)).toBe(true);
    if (listensToConsent(analytics)) analytics.consentChanged();
    await load();
    expect(consentChanged).toHaveBeenCalledTimes(1);
  });

  it("answers a failure (status 0) when the container does not load, and builds it again on the next call", async () => {
    const first = firstRender();
    const built = containerServices(first);
    const build = vi
      .fn<() => Promise<AppServices>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(built.services);
    const { services } = servicesWithContainerOnFirstUse(first, build);
    const failed = await services.webTargets.get("MC");
    expect(!failed.ok && failed.error).toMatchObject({ _tag: "HttpFailure", status: 0 });
    expect((await services.webTargets.get("MC")).ok).toBe(true);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("drops analytics calls when the container does not load, without an error", async () => {
    const first = firstRender();
    const { services, load } = servicesWithContainerOnFirstUse(first, () =>
      Promise.reject(new Error("offline")),
    );
    services.analytics.pageView("home", "/benutzerverwaltung/");
    await expect(load()).rejects.toThrow("offline");
  });
});
