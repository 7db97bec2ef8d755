import type { ApiClient, Clock, CompanySearch } from "@portal/core";
import type { ServiceIdentifier } from "inversify";
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

const id = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`portal.cli.${name}`);

/**
 * Every service identifier of the CLI's container, in one place (explicit
 * identifiers: the container uses no decorator metadata).
 */
export const TOKENS = {
  Settings: id<CliSettings>("Settings"),
  Terminal: id<Terminal>("Terminal"),
  Translator: id<Translator>("Translator"),
  Clock: id<Clock>("Clock"),
  Fetch: id<FetchFn>("Fetch"),
  HttpClient: id<HttpClient>("HttpClient"),
  TokenStore: id<TokenStore>("TokenStore"),
  OidcGrants: id<OidcGrants>("OidcGrants"),
  /** Core's IdentitySession port, with the CLI's sign-in and bearer helpers. */
  IdentitySession: id<OidcSession>("IdentitySession"),
  /** Core's API client with the signed-in user's (or, for support calls, the support) token. */
  Api: id<ApiClient<CliFailure>>("Api"),
  WebTargets: id<WebTargetDirectory>("WebTargets"),
  CompanySearch: id<CompanySearch>("CompanySearch"),
  SupportApi: id<SupportApi>("SupportApi"),
  OutboxApi: id<OutboxApi>("OutboxApi"),
  HealthApi: id<HealthApi>("HealthApi"),
} as const;
