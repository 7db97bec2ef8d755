import { Container, type ServiceIdentifier } from "inversify";
import { describe, expect, it } from "vitest";
import { ConsentedAnalytics } from "../adapters/analytics.js";
import { HttpWebTargets } from "../adapters/web-targets.js";
import { fakeModule } from "../test-support/fake-modules.js";
import { FakeIdentity, fakeWebTargets, memoryConsent, testConfig } from "../test-support/fakes.js";
import type { AppServices } from "./app-services.js";
import {
  type AppContainerParts,
  appModules,
  createAppContainer,
  loadModules,
} from "./container.js";
import { PageReadyTracker } from "./page-ready.js";
import { resolveServices } from "./services-context.js";
import { settledSessionCheck } from "./session-check.js";
import { TOKENS } from "./tokens.js";

const ports = Object.keys(TOKENS) as Array<keyof AppServices>;

/** The ports a module binds, each as often as it binds it. */
const portsOf = (module: Parameters<Container["load"]>[0]) => {
  const c = new Container();
  c.load(module);
  return ports.filter((port) => c.isBound(TOKENS[port]));
};

/** Parts as the app passes them, with a fetch that records what it is asked. */
const partsWith = (requests: Array<{ url: string; init: RequestInit | undefined }>) =>
  ({
    config: {
      ...testConfig,
      apiBaseUrl: "https://portal.example",
      analyticsUrl: "https://collector.example/events",
    },
    identity: new FakeIdentity(),
    consent: memoryConsent("granted"),
    pageReady: new PageReadyTracker(document.body, 0),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), init });
      return new Response(JSON.stringify([{ errorCode: "BACKEND_ERROR" }]), {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    },
  }) satisfies AppContainerParts;

describe("the app's container modules", () => {
  it("each adapter's module binds its own ports", () => {
    const modules = appModules(partsWith([]));
    expect(Object.fromEntries(Object.entries(modules).map(([k, m]) => [k, portsOf(m)]))).toEqual({
      config: ["config"],
      session: ["identity", "sessionCheck"],
      page: ["clock", "pageReady"],
      analytics: ["analytics", "consent"],
      api: ["api"],
      webTargets: ["webTargets"],
      companySearch: ["companySearch"],
    });
  });

  it("together they bind every port exactly once", () => {
    const c = loadModules(appModules(partsWith([])));
    for (const port of ports) {
      const id: ServiceIdentifier = TOKENS[port];
      expect(c.getAll(id), port).toHaveLength(1);
    }
  });

  it("a port bound by two modules fails when the services are resolved, not later", () => {
    const twice = loadModules({
      ...appModules(partsWith([])),
      companySearch: fakeModule({
        companySearch: { suggest: () => Promise.reject(new Error("unused")) },
        webTargets: fakeWebTargets({}),
      }),
    });
    expect(() => resolveServices(twice)).toThrow();
  });

  it("a stand-in module binds exactly the fakes it is given", () => {
    expect(
      portsOf(fakeModule({ analytics: new ConsentedAnalytics(memoryConsent(), null) })),
    ).toEqual(["analytics"]);
  });
});

describe("resolveServices", () => {
  it("gives one typed object: the parts passed in, and the adapters built over them", () => {
    const parts = partsWith([]);
    const services = resolveServices(createAppContainer(parts));
    expect(services).toMatchObject({
      config: parts.config,
      identity: parts.identity,
      sessionCheck: settledSessionCheck,
      consent: parts.consent,
      pageReady: parts.pageReady,
    });
    expect(services.analytics).toBeInstanceOf(ConsentedAnalytics);
    expect(services.webTargets).toBeInstanceOf(HttpWebTargets);
    expect(Object.keys(services).sort()).toEqual([...ports].sort());
  });

  it("wires the adapters: the API goes through the given fetch, its failures to analytics", async () => {
    const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
    const { webTargets } = resolveServices(createAppContainer(partsWith(requests)));
    const result = await webTargets.get("MC");
    expect(result.ok).toBe(false);
    expect(requests.map((r) => r.url)).toEqual([
      expect.stringMatching(/^https:\/\/portal\.example\/.*MC/),
      "https://collector.example/events",
    ]);
    expect(JSON.parse(String(requests[1]?.init?.body))).toMatchObject({
      kind: "error",
      data: { status: "503" },
    });
  });
});
