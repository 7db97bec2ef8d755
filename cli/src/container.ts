/**
 * The CLI's container: one container module per adapter (see modules/), each binding its
 * ports once, one instance of each per run. Tests load the same modules with fake parts,
 * or replace a module by name with one binding fakes (see testing/fake-modules.ts).
 *
 * @example
 * const { webTargets } = resolveCliServices(createContainer(settings, new NodeTerminal()));
 */
import { Container, type ContainerModule, type ServiceIdentifier } from "inversify";
import type { Terminal } from "./adapters/terminal.js";
import type { CliServices } from "./cli-services.js";
import { apiModule } from "./modules/api-module.js";
import { httpModule } from "./modules/http-module.js";
import { identityModule } from "./modules/identity-module.js";
import { publicApiModule } from "./modules/public-api-module.js";
import { runModule } from "./modules/run-module.js";
import { supportModule } from "./modules/support-module.js";
import type { CliSettings } from "./settings.js";
import { TOKENS } from "./tokens.js";

/** The CLI's modules by adapter; a test replaces one by name. */
export interface CliModules {
  readonly run: ContainerModule;
  readonly http: ContainerModule;
  readonly identity: ContainerModule;
  readonly api: ContainerModule;
  readonly publicApi: ContainerModule;
  readonly support: ContainerModule;
}

/** The modules of one run (nothing is built before a port is resolved). */
export const cliModules = (settings: CliSettings, terminal: Terminal): CliModules => ({
  run: runModule(settings, terminal),
  http: httpModule(),
  identity: identityModule(),
  api: apiModule(),
  publicApi: publicApiModule(),
  support: supportModule(),
});

/** The container of one run, with some modules replaced (tests). */
export const createContainer = (
  settings: CliSettings,
  terminal: Terminal,
  replaced: Partial<CliModules> = {},
): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  c.load(...Object.values({ ...cliModules(settings, terminal), ...replaced }));
  return c;
};

/** Resolves every identifier once; a missing or doubly bound port fails here. */
export const resolveCliServices = (container: Container): CliServices => {
  const services: Partial<Record<keyof CliServices, unknown>> = {};
  for (const key of Object.keys(TOKENS) as Array<keyof CliServices>) {
    const id: ServiceIdentifier = TOKENS[key];
    services[key] = container.get(id);
  }
  // Every key of CliServices is a key of TOKENS (ServiceTokens maps them one to one).
  return services as CliServices;
};
