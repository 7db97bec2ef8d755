/**
 * Every service identifier of the CLI's container, in one place: one explicit identifier
 * per field of CliServices (the container uses no decorator metadata).
 */
import type { ServiceIdentifier } from "inversify";
import type { CliServices } from "./cli-services.js";

const id = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`portal.cli.${name}`);

export type ServiceTokens = {
  readonly [K in keyof CliServices]: ServiceIdentifier<CliServices[K]>;
};

export const TOKENS: ServiceTokens = {
  settings: id("settings"),
  terminal: id("terminal"),
  t: id("translator"),
  clock: id("clock"),
  fetch: id("fetch"),
  http: id("http"),
  tokenStore: id("tokenStore"),
  oidcGrants: id("oidcGrants"),
  identitySession: id("identitySession"),
  api: id("api"),
  webTargets: id("webTargets"),
  companySearch: id("companySearch"),
  supportApi: id("supportApi"),
  outboxApi: id("outboxApi"),
  healthApi: id("healthApi"),
};
