/** Container module of the run itself: its settings, the terminal, its words and the clock. */
import { systemClock } from "@portal/core";
import { ContainerModule } from "inversify";
import type { Terminal } from "../adapters/terminal.js";
import { translator } from "../i18n.js";
import type { CliSettings } from "../settings.js";
import { TOKENS } from "../tokens.js";

export const runModule = (settings: CliSettings, terminal: Terminal): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.settings).toConstantValue(settings);
    bind(TOKENS.terminal).toConstantValue(terminal);
    bind(TOKENS.t).toConstantValue(translator(settings.language));
    bind(TOKENS.clock).toConstantValue(systemClock);
  });
