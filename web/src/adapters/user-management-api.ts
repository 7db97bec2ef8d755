import { API_ROUTES, type CompanySuggestions, type WebTarget } from "@portal/contracts";
import type { ApiResult, CompanySearch, UserManagementApi, WebTargets } from "@portal/core";
import type { HttpClient } from "./http-client.js";

/** The user-management API of spec section 7 over the app's HTTP client. */
export class HttpUserManagementApi implements UserManagementApi {
  constructor(private readonly http: HttpClient) {}

  // The ETag of the person last loaded or saved: a save sends it back (If-Match), so a form
  // loaded before another window's save answers 412 PRECONDITION_FAILED instead of undoing it.
  #personEtag: string | undefined;
  readonly #keepPersonEtag = (headers: Headers): void => {
    this.#personEtag = headers.get("etag") ?? undefined;
  };

  register: UserManagementApi["register"] = (body) =>
    this.http.request(API_ROUTES.register, { body });
  confirmMailAddress: UserManagementApi["confirmMailAddress"] = (body) =>
    this.http.request(API_ROUTES.confirmMailAddress, { body });
  resendOptInMail: UserManagementApi["resendOptInMail"] = (body) =>
    this.http.request(API_ROUTES.resendOptIn, { body });
  requestPasswordResetMail: UserManagementApi["requestPasswordResetMail"] = (body) =>
    this.http.request(API_ROUTES.requestPasswordReset, { body });
  resetPassword: UserManagementApi["resetPassword"] = (body) =>
    this.http.request(API_ROUTES.resetPassword, { body });
  getWebTarget = (key: string): ApiResult<WebTarget> =>
    this.http.request(API_ROUTES.getWebTarget, { params: { key } });
  getMe: UserManagementApi["getMe"] = () =>
    this.http.request(API_ROUTES.getMe, { onSuccessHeaders: this.#keepPersonEtag });
  patchMe: UserManagementApi["patchMe"] = (operations) =>
    this.http.request(API_ROUTES.patchMe, {
      body: operations,
      ...(this.#personEtag ? { headers: { "if-match": this.#personEtag } } : {}),
      onSuccessHeaders: this.#keepPersonEtag,
    });
  changeMailAddress: UserManagementApi["changeMailAddress"] = (body) =>
    this.http.request(API_ROUTES.changeMailAddress, { body });
  resendChangeMailAddress: UserManagementApi["resendChangeMailAddress"] = () =>
    this.http.request(API_ROUTES.resendChangeMail);
  changePassword: UserManagementApi["changePassword"] = (body) =>
    this.http.request(API_ROUTES.changePassword, { body });
  registerMembership: UserManagementApi["registerMembership"] = (body) =>
    this.http.request(API_ROUTES.registerMembership, { body });
  requestDeletion: UserManagementApi["requestDeletion"] = () =>
    this.http.request(API_ROUTES.requestDeletion);
  confirmDeletion: UserManagementApi["confirmDeletion"] = (body) =>
    this.http.request(API_ROUTES.confirmDeletion, { body });
  getCredentials: UserManagementApi["getCredentials"] = () =>
    this.http.request(API_ROUTES.getCredentials);
}

/**
 * Web targets through the API, fetched once per key per page load: the header, the page
 * and its form ask for the same target, and a target does not change while a page is
 * open. Callers at the same time share one request; a failure is forgotten so a later
 * screen may ask again.
 */
export class HttpWebTargets implements WebTargets {
  private readonly cache = new Map<string, ApiResult<WebTarget>>();
  constructor(private readonly api: UserManagementApi) {}
  get(key: string): ApiResult<WebTarget> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const pending = this.api.getWebTarget(key).then(
      (result) => {
        if (!result.ok) this.cache.delete(key);
        return result;
      },
      (error: unknown) => {
        this.cache.delete(key);
        throw error;
      },
    );
    this.cache.set(key, pending);
    return pending;
  }
}

/** Company-name suggestions from the smart-signup service (its base URL comes from config). */
export class HttpCompanySearch implements CompanySearch {
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
  ) {}
  suggest(term: string): ApiResult<CompanySuggestions> {
    const url = `${this.baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(term)}`;
    return this.http.request(API_ROUTES.companySuggestions, { url });
  }
}
