import {
  API_ROUTES,
  type ChangeMailAddressRequest,
  type ChangePasswordRequest,
  CompanySuggestions,
  type ConfirmDeletionRequest,
  type ConfirmMailAddressRequest,
  type EmailRequest,
  MailSentResponse,
  MfaCredentials,
  type PatchDocument,
  Person,
  type RegisterMembershipRequest,
  RegisterMembershipResponse,
  type RegistrationPayload,
  type ResetPasswordRequest,
  WebTarget,
  WebTargetKeys,
} from "@portal/contracts";
import type { ApiResult, CompanySearch, UserManagementApi, WebTargets } from "@portal/core";
import { ok } from "@portal/core";
import type { HttpClient, ResponseSchema } from "./http-client.js";
import { type RouteCall, routeRequest } from "./route-request.js";

/** Gives the bearer token of the signed-in user, or null. */
export type BearerSource = () => Promise<string | null>;

type Route = (typeof API_ROUTES)[keyof typeof API_ROUTES];

/**
 * Core's {@link UserManagementApi} over fetch: every call of spec section 7, its
 * path and method taken from the contracts' route table, answers decoded with its schema.
 */
export class FetchUserManagementApi implements UserManagementApi {
  constructor(
    private readonly http: HttpClient,
    private readonly bearer: BearerSource,
  ) {}

  private async call(route: Route, call: RouteCall): ApiResult<void> {
    const bearer = route.auth === "none" ? null : await this.bearer();
    const result = await this.http.send(routeRequest(route, { ...call, bearer }));
    return result.ok ? ok(undefined) : result;
  }

  private async get<T>(
    route: Route,
    schema: ResponseSchema<T>,
    call: RouteCall = {},
  ): ApiResult<T> {
    const bearer = route.auth === "none" ? null : await this.bearer();
    return this.http.fetch(routeRequest(route, { ...call, bearer }), schema);
  }

  register = (body: RegistrationPayload) => this.call(API_ROUTES.register, { body });
  confirmMailAddress = (body: ConfirmMailAddressRequest) =>
    this.call(API_ROUTES.confirmMailAddress, { body });
  resendOptInMail = (body: EmailRequest) => this.call(API_ROUTES.resendOptIn, { body });
  requestPasswordResetMail = (body: EmailRequest) =>
    this.call(API_ROUTES.requestPasswordReset, { body });
  resetPassword = (body: ResetPasswordRequest) => this.call(API_ROUTES.resetPassword, { body });
  getWebTarget = (key: string) => this.get(API_ROUTES.getWebTarget, WebTarget, { params: { key } });
  getMe = () => this.get(API_ROUTES.getMe, Person);
  patchMe = (operations: PatchDocument) =>
    this.get(API_ROUTES.patchMe, Person, { body: operations });
  changeMailAddress = (body: ChangeMailAddressRequest) =>
    this.get(API_ROUTES.changeMailAddress, MailSentResponse, { body });
  resendChangeMailAddress = () => this.get(API_ROUTES.resendChangeMail, MailSentResponse);
  changePassword = (body: ChangePasswordRequest) => this.call(API_ROUTES.changePassword, { body });
  registerMembership = (body: RegisterMembershipRequest) =>
    this.get(API_ROUTES.registerMembership, RegisterMembershipResponse, { body });
  requestDeletion = () => this.get(API_ROUTES.requestDeletion, MailSentResponse);
  confirmDeletion = (body: ConfirmDeletionRequest) =>
    this.call(API_ROUTES.confirmDeletion, { body });
  getCredentials = () => this.get(API_ROUTES.getCredentials, MfaCredentials);
}

/** Core's {@link WebTargets} port, and the keys the portal knows (to name them on a miss). */
export interface WebTargetDirectory extends WebTargets {
  keys(): ApiResult<WebTargetKeys>;
}

/** The web-target calls of the user-management API. */
export class FetchWebTargets implements WebTargetDirectory {
  constructor(private readonly http: HttpClient) {}
  get(key: string): ApiResult<WebTarget> {
    return this.http.fetch(routeRequest(API_ROUTES.getWebTarget, { params: { key } }), WebTarget);
  }
  keys(): ApiResult<WebTargetKeys> {
    return this.http.fetch(routeRequest(API_ROUTES.listWebTargetKeys, {}), WebTargetKeys);
  }
}

/** Core's {@link CompanySearch} port: the smart-signup suggestions. */
export class FetchCompanySearch implements CompanySearch {
  constructor(private readonly http: HttpClient) {}
  suggest(term: string): ApiResult<CompanySuggestions> {
    return this.http.fetch(
      routeRequest(API_ROUTES.companySuggestions, { params: { term } }),
      CompanySuggestions,
    );
  }
}
