import type { WebTarget } from "@portal/contracts";
import type { ApiResult, UserManagementApi, WebTargets } from "@portal/core";

/**
 * Web targets through the API, fetched once per key per page load: the header, the page
 * and its form ask for the same target, and a target does not change while a page is
 * open. Callers at the same time share one request; a failure is forgotten so a later
 * screen may ask again.
 */
export class HttpWebTargets implements WebTargets {
  private readonly cache = new Map<string, ApiResult<WebTarget>>();
  constructor(private readonly api: Pick<UserManagementApi, "getWebTarget">) {}
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
