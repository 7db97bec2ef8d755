import type { CompanySuggestions } from "@portal/contracts";
import type { ApiCallOptions, ApiClient } from "../api-client.js";
import type { HttpFailure } from "../http-failure.js";
import type { Result } from "../result.js";

/** What every call answers: the decoded value or the failure. */
export type ApiResult<T> = Promise<Result<T, HttpFailure>>;

/**
 * The user-management API of spec section 7: the client generated from the route table
 * ({@link ApiClient}), one method per entry. Tests use in-memory fakes.
 */
export type UserManagementApi = ApiClient;

/** Company-name suggestions (the external smart-signup service). */
export interface CompanySearch {
  suggest(term: string, options?: ApiCallOptions): ApiResult<CompanySuggestions>;
}
