import type {
  ChangeMailAddressRequest,
  ChangePasswordRequest,
  CompanySuggestions,
  ConfirmDeletionRequest,
  ConfirmMailAddressRequest,
  EmailRequest,
  MailSentResponse,
  MfaCredentials,
  PatchDocument,
  Person,
  RegisterMembershipRequest,
  RegisterMembershipResponse,
  RegistrationPayload,
  ResetPasswordRequest,
  WebTarget,
} from "@portal/contracts";
import type { HttpFailure } from "../http-failure.js";
import type { Result } from "../result.js";

/**
 * What every call answers: the decoded value or the failure.
 *
 * @example
 * const r = await api.getMe(); if (r.ok) r.value.givenName;
 */
export type ApiResult<T> = Promise<Result<T, HttpFailure>>;

/**
 * The user-management API of spec section 7, one method per call.
 * Web (fetch) and CLI (fetch) implement it; tests use in-memory fakes.
 *
 * @example
 * const r = await api.patchMe(diffPerson(person, form));
 */
export interface UserManagementApi {
  register(body: RegistrationPayload): ApiResult<void>;
  confirmMailAddress(body: ConfirmMailAddressRequest): ApiResult<void>;
  resendOptInMail(body: EmailRequest): ApiResult<void>;
  requestPasswordResetMail(body: EmailRequest): ApiResult<void>;
  resetPassword(body: ResetPasswordRequest): ApiResult<void>;
  getWebTarget(key: string): ApiResult<WebTarget>;
  getMe(): ApiResult<Person>;
  patchMe(operations: PatchDocument): ApiResult<Person>;
  changeMailAddress(body: ChangeMailAddressRequest): ApiResult<MailSentResponse>;
  resendChangeMailAddress(): ApiResult<MailSentResponse>;
  changePassword(body: ChangePasswordRequest): ApiResult<void>;
  registerMembership(body: RegisterMembershipRequest): ApiResult<RegisterMembershipResponse>;
  requestDeletion(): ApiResult<MailSentResponse>;
  confirmDeletion(body: ConfirmDeletionRequest): ApiResult<void>;
  getCredentials(): ApiResult<MfaCredentials>;
}

/**
 * Company-name suggestions (the external smart-signup service).
 *
 * @example
 * const r = await companySearch.suggest("Muster");
 */
export interface CompanySearch {
  suggest(term: string): ApiResult<CompanySuggestions>;
}
