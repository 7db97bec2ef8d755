import {
  type IssuedMembership,
  type MailSentResponse,
  OutboxMessages,
  type PersonExport,
  type PurgeReport,
  type SsfQueue,
  type SsfStreamList,
  type SsfVerificationQueued,
  type SupportPersonView,
} from "@portal/contracts";
import { type ApiClient, err, type HttpFailure, type Result } from "@portal/core";
import { type CliFailure, httpFailed } from "../failure.js";
import { isHttpFailure } from "./api-transport.js";
import type { HttpClient } from "./http-client.js";

/** The support calls of the route table (auth "support"), for the CLI's commands. */
export interface SupportApi {
  showPerson(email: string): Promise<Result<SupportPersonView, CliFailure>>;
  resendOptInMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  resendDeletionMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  resendEmailChangeMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  issueMembership(memberNumber: string): Promise<Result<IssuedMembership, CliFailure>>;
  exportPerson(email: string): Promise<Result<PersonExport, CliFailure>>;
  purge(dryRun: boolean): Promise<Result<PurgeReport, CliFailure>>;
  ssfStreams(): Promise<Result<SsfStreamList, CliFailure>>;
  ssfVerify(streamId: string): Promise<Result<SsfVerificationQueued, CliFailure>>;
  ssfQueue(): Promise<Result<SsfQueue, CliFailure>>;
}

/** The mails of the embedded outbox (`GET /outbox/api/messages`, newest first). */
export interface OutboxApi {
  list(to?: string): Promise<Result<OutboxMessages, CliFailure>>;
}

/** Path of the outbox's JSON listing (server issue: "Tokens and mail"). */
export const OUTBOX_MESSAGES_PATH = "/outbox/api/messages";

const asCli = async <T>(
  call: Promise<Result<T, HttpFailure | CliFailure>>,
): Promise<Result<T, CliFailure>> => {
  const result = await call;
  if (result.ok) return result;
  return err(isHttpFailure(result.error) ? httpFailed(result.error) : result.error);
};

/**
 * {@link SupportApi} over core's API client (its transport adds the support token): the
 * commands' names for the calls, failures as the CLI's.
 */
export const supportApi = (api: ApiClient<CliFailure>): SupportApi => ({
  showPerson: (email) => asCli(api.supportShowPerson({ email })),
  resendOptInMail: (email) => asCli(api.supportResendOptIn({ email })),
  resendDeletionMail: (email) => asCli(api.supportResendDeletion({ email })),
  resendEmailChangeMail: (email) => asCli(api.supportResendEmailChange({ email })),
  issueMembership: (memberNumber) => asCli(api.supportIssueMembership({ memberNumber })),
  exportPerson: (email) => asCli(api.supportExportPerson({ email })),
  purge: (dryRun) => asCli(api.supportPurge({ dryRun })),
  ssfStreams: () => asCli(api.supportSsfStreams()),
  ssfVerify: (streamId) => asCli(api.supportSsfVerify(streamId)),
  ssfQueue: () => asCli(api.supportSsfQueue()),
});

/** {@link OutboxApi} over fetch; the outbox needs no token (it exists only without SMTP). */
export class FetchOutboxApi implements OutboxApi {
  constructor(private readonly http: HttpClient) {}
  async list(to?: string) {
    const query = to ? `?${new URLSearchParams({ to })}` : "";
    const result = await this.http.fetch(
      { method: "GET", path: `${OUTBOX_MESSAGES_PATH}${query}` },
      OutboxMessages,
    );
    return result.ok ? result : err(httpFailed(result.error));
  }
}
