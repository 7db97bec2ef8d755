/**
 * A container module standing in for one of the app's adapter modules in tests: it binds
 * the given fakes to their ports. The container test checks that each stand-in binds
 * exactly the ports of the module it replaces.
 */
import { ContainerModule } from "inversify";
import type { AppServices } from "../app/app-services.js";
import { TOKENS } from "../app/tokens.js";

export const fakeModule = (fakes: Partial<AppServices>): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const bindFake = <K extends keyof AppServices>(key: K) => {
      const fake = fakes[key];
      if (fake !== undefined) bind(TOKENS[key]).toConstantValue(fake);
    };
    for (const key of Object.keys(fakes) as Array<keyof AppServices>) bindFake(key);
  });
