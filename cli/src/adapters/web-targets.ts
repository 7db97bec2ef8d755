import type { WebTargetKeys } from "@portal/contracts";
import type { ApiClient, ApiResult, WebTargets } from "@portal/core";

/** Core's {@link WebTargets} port, and the keys the portal knows (to name them on a miss). */
export interface WebTargetDirectory extends WebTargets {
  keys(): ApiResult<WebTargetKeys>;
}

/** The web-target calls of core's API client. */
export const webTargetDirectory = (
  api: Pick<ApiClient, "getWebTarget" | "listWebTargetKeys">,
): WebTargetDirectory => ({
  get: (key) => api.getWebTarget(key),
  keys: () => api.listWebTargetKeys(),
});
