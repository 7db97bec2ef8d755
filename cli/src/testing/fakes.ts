import type {
  CompanySuggestions,
  IssuedMembership,
  MailSentResponse,
  OutboxMessages,
  PersonExport,
  PurgeReport,
  SsfQueue,
  SsfStreamList,
  SsfVerificationQueued,
  SupportPersonView,
  WebTarget,
} from "@portal/contracts";
import {
  type ApiResult,
  type CompanySearch,
  err,
  type HttpFailure,
  httpFailure,
  ok,
  type Result,
} from "@portal/core";
import type { OutboxApi, SupportApi } from "../adapters/support-api.js";
import type { IssuerTokens, TokenStore } from "../adapters/token-store.js";
import type { WebTargetDirectory } from "../adapters/web-targets.js";
import { type CliFailure, httpFailed } from "../failure.js";

/** An answer of the portal that a fake gives: a value or a failure. */
export type Answer<T> = Result<T, HttpFailure>;

/** A 4xx/5xx answer with the error body of the spec and a correlation id. */
export const refusal = (
  status: number,
  errorCode: string,
  url = "http://portal.test/x",
): HttpFailure => httpFailure({ status, url, body: [{ errorCode }], correlationId: "corr-1" });

const asCli = <T>(answer: Answer<T>): Result<T, CliFailure> =>
  answer.ok ? answer : err(httpFailed(answer.error));

/** Web targets from a table; unknown keys answer 404 NOT_FOUND. Records asked keys. */
export const fakeWebTargets = (targets: Record<string, WebTarget>) => {
  const asked: string[] = [];
  const port: WebTargetDirectory = {
    get: async (key): ApiResult<WebTarget> => {
      asked.push(key);
      const target = targets[key];
      return target ? ok(target) : err(refusal(404, "NOT_FOUND"));
    },
    keys: async () => ok({ keys: Object.keys(targets).sort() }),
  };
  return { port, asked };
};

/** Company search answering a fixed result; records terms. */
export const fakeCompanySearch = (answer: Answer<CompanySuggestions>) => {
  const terms: string[] = [];
  const port: CompanySearch = {
    suggest: async (term) => {
      terms.push(term);
      return answer;
    },
  };
  return { port, terms };
};

/** Support calls with prepared answers; records each call. */
export const fakeSupport = (answers: {
  person?: Answer<SupportPersonView>;
  mail?: Answer<MailSentResponse>;
  membership?: Answer<IssuedMembership>;
  export?: Answer<PersonExport>;
  purge?: Answer<PurgeReport>;
  ssfStreams?: Answer<SsfStreamList>;
  ssfVerify?: Answer<SsfVerificationQueued>;
  ssfQueue?: Answer<SsfQueue>;
}) => {
  const calls: Array<[string, string]> = [];
  const missing = err(refusal(500, "BACKEND_ERROR")) as Answer<never>;
  const answer = async <T>(name: string, arg: string, given: Answer<T> | undefined) => {
    calls.push([name, arg]);
    return asCli(given ?? missing);
  };
  const port: SupportApi = {
    showPerson: (email) => answer("showPerson", email, answers.person),
    resendOptInMail: (email) => answer("resendOptInMail", email, answers.mail),
    resendDeletionMail: (email) => answer("resendDeletionMail", email, answers.mail),
    resendEmailChangeMail: (email) => answer("resendEmailChangeMail", email, answers.mail),
    issueMembership: (memberNumber) => answer("issueMembership", memberNumber, answers.membership),
    exportPerson: (email) => answer("exportPerson", email, answers.export),
    purge: (dryRun) => answer("purge", String(dryRun), answers.purge),
    ssfStreams: () => answer("ssfStreams", "", answers.ssfStreams),
    ssfVerify: (streamId) => answer("ssfVerify", streamId, answers.ssfVerify),
    ssfQueue: () => answer("ssfQueue", "", answers.ssfQueue),
  };
  return { port, calls };
};

/** An outbox holding the given mails; records the filter. */
export const fakeOutbox = (messages: OutboxMessages | HttpFailure) => {
  const filters: Array<string | undefined> = [];
  const port: OutboxApi = {
    list: async (to) => {
      filters.push(to);
      return Array.isArray(messages)
        ? ok(to ? messages.filter((m) => m.to === to) : messages)
        : err(httpFailed(messages as HttpFailure));
    },
  };
  return { port, filters };
};

/** A token store in memory. */
export class MemoryTokenStore implements TokenStore {
  readonly issuers = new Map<string, IssuerTokens>();
  async read(issuer: string) {
    return this.issuers.get(issuer) ?? {};
  }
  async write(issuer: string, tokens: IssuerTokens) {
    if (tokens.login || tokens.client) this.issuers.set(issuer, tokens);
    else this.issuers.delete(issuer);
  }
  async remove(issuer: string) {
    return this.issuers.delete(issuer);
  }
}
