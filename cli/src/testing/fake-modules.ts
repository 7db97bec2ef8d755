/**
 * A container module standing in for one of the CLI's adapter modules in tests: it binds
 * the given fakes to their ports (the container test checks the stand-ins' ports).
 */
import { ContainerModule } from "inversify";
import type { CliServices } from "../cli-services.js";
import { TOKENS } from "../tokens.js";

export const fakeModule = (fakes: Partial<CliServices>): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const bindFake = <K extends keyof CliServices>(key: K) => {
      const fake = fakes[key];
      if (fake !== undefined) bind(TOKENS[key]).toConstantValue(fake);
    };
    for (const key of Object.keys(fakes) as Array<keyof CliServices>) bindFake(key);
  });
