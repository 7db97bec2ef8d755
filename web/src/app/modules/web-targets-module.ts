/** Container module of the web targets: asked through the API, once per key per page load. */
import { ContainerModule } from "inversify";
import { HttpWebTargets } from "../../adapters/web-targets.js";
import { TOKENS } from "../tokens.js";

export const webTargetsModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.webTargets).toResolvedValue((api) => new HttpWebTargets(api), [TOKENS.api]);
  });
