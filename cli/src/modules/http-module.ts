/** Container module of the HTTP transport: fetch, and the client over it (timeout, reasons). */
import { ContainerModule } from "inversify";
import { type FetchFn, HttpClient } from "../adapters/http-client.js";
import { TOKENS } from "../tokens.js";

export const httpModule = (fetchFn?: FetchFn): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.fetch).toConstantValue(fetchFn ?? ((input, init) => fetch(input, init)));
    bind(TOKENS.http).toResolvedValue(
      (settings, f) => new HttpClient(settings.url, f),
      [TOKENS.settings, TOKENS.fetch],
    );
  });
