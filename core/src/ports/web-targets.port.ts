import type { WebTarget } from "@portal/contracts";
import type { ApiResult } from "./user-management-api.port.js";

/**
 * Looks up web targets by registration key.
 *
 * @example
 * const r = await webTargets.get(webTargetKey(prk));
 */
export interface WebTargets {
  get(key: string): ApiResult<WebTarget>;
}
