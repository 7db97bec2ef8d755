import { Container, type ContainerModule, type ServiceIdentifier } from "inversify";
import { describe, expect, it } from "vitest";
import type { CliServices } from "./cli-services.js";
import { cliModules, createContainer, resolveCliServices } from "./container.js";
import { identityModule } from "./modules/identity-module.js";
import { fakeModule } from "./testing/fake-modules.js";
import { FakeTerminal } from "./testing/fake-terminal.js";
import { MemoryTokenStore } from "./testing/fakes.js";
import { TOKENS } from "./tokens.js";

const settings = {
  url: "http://portal.test",
  issuer: "http://portal.test/realms/portal",
  clientId: "portal-support",
  clientSecret: null,
  language: "en" as const,
  json: false,
  tokenFile: "/nonexistent/tokens.json",
};
const ports = Object.keys(TOKENS) as Array<keyof CliServices>;
const idOf = (port: keyof CliServices): ServiceIdentifier => TOKENS[port];

/** The ports a module binds. */
const portsOf = (module: ContainerModule) => {
  const c = new Container();
  c.load(module);
  return ports.filter((port) => c.isBound(idOf(port)));
};

describe("the CLI's container modules", () => {
  it("each adapter's module binds its own ports", () => {
    const modules = cliModules(settings, new FakeTerminal());
    expect(Object.fromEntries(Object.entries(modules).map(([k, m]) => [k, portsOf(m)]))).toEqual({
      run: ["settings", "terminal", "t", "clock"],
      http: ["fetch", "http"],
      identity: ["tokenStore", "oidcGrants", "identitySession"],
      api: ["api"],
      publicApi: ["webTargets", "companySearch"],
      support: ["supportApi", "outboxApi", "healthApi"],
    });
  });

  it("together they bind every port exactly once", () => {
    const c = createContainer(settings, new FakeTerminal());
    for (const port of ports) expect(c.getAll(idOf(port)), port).toHaveLength(1);
  });

  it("a port bound by two modules fails when the services are resolved", () => {
    const c = createContainer(settings, new FakeTerminal(), {
      support: fakeModule({
        supportApi: {} as CliServices["supportApi"],
        clock: { now: () => new Date(0) },
      }),
    });
    expect(() => resolveCliServices(c)).toThrow();
  });
});

describe("resolveCliServices", () => {
  it("gives one typed object, one instance of each service per run", () => {
    const terminal = new FakeTerminal();
    const c = createContainer(settings, terminal);
    const services = resolveCliServices(c);
    expect(Object.keys(services).sort()).toEqual([...ports].sort());
    expect(services).toMatchObject({ settings, terminal });
    expect(services.t.t("common.yes")).toBe("yes");
    expect(services.supportApi).toBe(c.get(TOKENS.supportApi));
    expect(services.http.baseUrl).toBe("http://portal.test");
  });

  it("a module loaded with a fake part: the session signs out through the given token store", async () => {
    const store = new MemoryTokenStore();
    store.issuers.set(settings.issuer, {});
    const { identitySession, tokenStore } = resolveCliServices(
      createContainer(settings, new FakeTerminal(), {
        identity: identityModule({ tokenStore: store }),
      }),
    );
    expect(tokenStore).toBe(store);
    expect(await identitySession.signOut()).toBe(true);
    expect(store.issuers.size).toBe(0);
  });
});
