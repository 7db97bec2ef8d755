import type { CompanySuggestions } from "@portal/contracts";
import type { ApiCallOptions, ApiClient } from "../api-client.js";
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
 * The user-management API of spec section 7: the client generated from the route table
 * ({@link ApiClient}), one method per entry. Tests use in-memory fakes.
 *
 * @example
 * const r = await api.patchMe(diffPerson(person, form));
 */
export type UserManagementApi = ApiClient;

/**
 * Company-name suggestions (the external smart-signup service).
 *
 * @example
 * const r = await companySearch.suggest("Muster");
 */
export interface CompanySearch {
  suggest(term: string, options?: ApiCallOptions): ApiResult<CompanySuggestions>;
}
