import { type ApiClient, type CompanySearch, systemClock } from "@portal/core";
import { Container } from "inversify";
import { anonymousTransport, cliApiClient, signedInTransport } from "./adapters/api-transport.js";
import { FetchHealthApi } from "./adapters/health-api.js";
import { type FetchFn, HttpClient } from "./adapters/http-client.js";
import { OidcSession } from "./adapters/oidc-session.js";
import { OpenIdGrants } from "./adapters/openid-grants.js";
import { FetchOutboxApi, supportApi } from "./adapters/support-api.js";
import type { Terminal } from "./adapters/terminal.js";
import { FileTokenStore } from "./adapters/token-store.js";
import { webTargetDirectory } from "./adapters/web-targets.js";
import type { CliFailure } from "./failure.js";
import { translator } from "./i18n.js";
import type { CliSettings } from "./settings.js";
import { TOKENS } from "./tokens.js";

/**
 * The CLI's container: core's ports bound to Node adapters (fetch, openid-client,
 * a token file), one instance of each per run.
 *
 * @example
 * createContainer(settings, new NodeTerminal()).get(TOKENS.WebTargets).get("MC");
 */
export const createContainer = (settings: CliSettings, terminal: Terminal): Container => {
  const c = new Container({ defaultScope: "Singleton" });
  c.bind(TOKENS.Settings).toConstantValue(settings);
  c.bind(TOKENS.Terminal).toConstantValue(terminal);
  c.bind(TOKENS.Translator).toConstantValue(translator(settings.language));
  c.bind(TOKENS.Clock).toConstantValue(systemClock);
  c.bind(TOKENS.Fetch).toConstantValue(((input, init) => fetch(input, init)) satisfies FetchFn);
  c.bind(TOKENS.HttpClient).toResolvedValue(
    (s: CliSettings, f: FetchFn) => new HttpClient(s.url, f),
    [TOKENS.Settings, TOKENS.Fetch],
  );
  c.bind(TOKENS.TokenStore).toResolvedValue(
    (s: CliSettings) => new FileTokenStore(s.tokenFile),
    [TOKENS.Settings],
  );
  c.bind(TOKENS.OidcGrants).toResolvedValue(
    (s: CliSettings) => new OpenIdGrants(s),
    [TOKENS.Settings],
  );
  c.bind(TOKENS.IdentitySession).toResolvedValue(
    (s: CliSettings, grants, store, clock) =>
      new OidcSession(s.issuer, s.clientId, s.clientSecret, grants, store, clock),
    [TOKENS.Settings, TOKENS.OidcGrants, TOKENS.TokenStore, TOKENS.Clock],
  );
  c.bind(TOKENS.Api).toResolvedValue(
    (http: HttpClient, session: OidcSession) => cliApiClient(signedInTransport(http, session)),
    [TOKENS.HttpClient, TOKENS.IdentitySession],
  );
  // Web targets and company suggestions need no sign-in: no token is read for them.
  c.bind(TOKENS.WebTargets).toResolvedValue(
    (http: HttpClient) => webTargetDirectory(cliApiClient(anonymousTransport(http))),
    [TOKENS.HttpClient],
  );
  c.bind(TOKENS.CompanySearch).toResolvedValue(
    (http: HttpClient): CompanySearch => {
      const api = cliApiClient(anonymousTransport(http));
      return { suggest: (term) => api.companySuggestions(term) };
    },
    [TOKENS.HttpClient],
  );
  c.bind(TOKENS.SupportApi).toResolvedValue(
    (api: ApiClient<CliFailure>) => supportApi(api),
    [TOKENS.Api],
  );
  c.bind(TOKENS.OutboxApi).toResolvedValue(
    (http: HttpClient) => new FetchOutboxApi(http),
    [TOKENS.HttpClient],
  );
  c.bind(TOKENS.HealthApi).toResolvedValue(
    (http: HttpClient) => new FetchHealthApi(http),
    [TOKENS.HttpClient],
  );
  return c;
};
