import {
  API_ROUTES,
  IssuedMembership,
  MailSentResponse,
  OutboxMessages,
  SupportPersonView,
} from "@portal/contracts";
import { err, type Result } from "@portal/core";
import { type CliFailure, httpFailed } from "../failure.js";
import type { HttpClient, HttpRequest, ResponseSchema } from "./http-client.js";
import { routeRequest } from "./route-request.js";

/** Gives a bearer token with the support role, or says why there is none. */
export type SupportBearer = () => Promise<Result<string, CliFailure>>;

/** The support calls of the route table (auth "support"), for the CLI's commands. */
export interface SupportApi {
  showPerson(email: string): Promise<Result<SupportPersonView, CliFailure>>;
  resendOptInMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  resendDeletionMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  resendEmailChangeMail(email: string): Promise<Result<MailSentResponse, CliFailure>>;
  issueMembership(memberNumber: string): Promise<Result<IssuedMembership, CliFailure>>;
}

/** The mails of the embedded outbox (`GET /outbox/api/messages`, newest first). */
export interface OutboxApi {
  list(to?: string): Promise<Result<OutboxMessages, CliFailure>>;
}

/** Path of the outbox's JSON listing (server issue: "Tokens and mail"). */
export const OUTBOX_MESSAGES_PATH = "/outbox/api/messages";

/** {@link SupportApi} over fetch with a support bearer token. */
export class FetchSupportApi implements SupportApi {
  constructor(
    private readonly http: HttpClient,
    private readonly bearer: SupportBearer,
  ) {}

  private async authorised<T>(
    request: (bearer: string) => HttpRequest,
    schema: ResponseSchema<T>,
  ): Promise<Result<T, CliFailure>> {
    const bearer = await this.bearer();
    if (!bearer.ok) return bearer;
    const result = await this.http.fetch(request(bearer.value), schema);
    return result.ok ? result : err(httpFailed(result.error));
  }

  showPerson(email: string) {
    return this.authorised(
      (bearer) => routeRequest(API_ROUTES.supportShowPerson, { query: { email }, bearer }),
      SupportPersonView,
    );
  }
  resendOptInMail(email: string) {
    return this.authorised(
      (bearer) => routeRequest(API_ROUTES.supportResendOptIn, { body: { email }, bearer }),
      MailSentResponse,
    );
  }
  resendDeletionMail(email: string) {
    return this.authorised(
      (bearer) => routeRequest(API_ROUTES.supportResendDeletion, { body: { email }, bearer }),
      MailSentResponse,
    );
  }
  resendEmailChangeMail(email: string) {
    return this.authorised(
      (bearer) => routeRequest(API_ROUTES.supportResendEmailChange, { body: { email }, bearer }),
      MailSentResponse,
    );
  }
  issueMembership(memberNumber: string) {
    return this.authorised(
      (bearer) =>
        routeRequest(API_ROUTES.supportIssueMembership, { body: { memberNumber }, bearer }),
      IssuedMembership,
    );
  }
}

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
