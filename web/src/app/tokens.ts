/**
 * Every service identifier of the web app's container, in one place: one explicit
 * identifier per field of AppServices (the container uses no decorator metadata).
 */
import type { ServiceIdentifier } from "inversify";
import type { AppServices } from "./app-services.js";

const id = <T>(name: string) => Symbol.for(`portal.${name}`) as ServiceIdentifier<T>;

export type ServiceTokens = {
  readonly [K in keyof AppServices]: ServiceIdentifier<AppServices[K]>;
};

export const TOKENS: ServiceTokens = {
  config: id("config"),
  identity: id("identity"),
  sessionCheck: id("sessionCheck"),
  api: id("api"),
  companySearch: id("companySearch"),
  webTargets: id("webTargets"),
  analytics: id("analytics"),
  consent: id("consent"),
  clock: id("clock"),
  pageReady: id("pageReady"),
};
