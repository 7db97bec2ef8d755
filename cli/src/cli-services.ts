/**
 * The services a command's action gets, as one typed object: resolved from the run's
 * container once (see resolveCliServices), destructured by each action.
 */
import type { ApiClient, Clock, CompanySearch } from "@portal/core";
import type { HealthApi } from "./adapters/health-api.js";
import type { FetchFn, HttpClient } from "./adapters/http-client.js";
import type { OidcSession } from "./adapters/oidc-session.js";
import type { OidcGrants } from "./adapters/openid-grants.js";
import type { OutboxApi, SupportApi } from "./adapters/support-api.js";
import type { Terminal } from "./adapters/terminal.js";
import type { TokenStore } from "./adapters/token-store.js";
import type { WebTargetDirectory } from "./adapters/web-targets.js";
import type { CliFailure } from "./failure.js";
import type { Translator } from "./i18n.js";
import type { CliSettings } from "./settings.js";

export interface CliServices {
  readonly settings: CliSettings;
  readonly terminal: Terminal;
  /** Words in the run's language. */
  readonly t: Translator;
  readonly clock: Clock;
  readonly fetch: FetchFn;
  readonly http: HttpClient;
  readonly tokenStore: TokenStore;
  readonly oidcGrants: OidcGrants;
  /** Core's IdentitySession port, with the CLI's sign-in and bearer helpers. */
  readonly identitySession: OidcSession;
  /** Core's API client with the signed-in user's (or, for support calls, the support) token. */
  readonly api: ApiClient<CliFailure>;
  readonly webTargets: WebTargetDirectory;
  readonly companySearch: CompanySearch;
  readonly supportApi: SupportApi;
  readonly outboxApi: OutboxApi;
  readonly healthApi: HealthApi;
}
