import type { WebTarget } from "@portal/contracts";
import type { ApiResult } from "./user-management-api.port.js";

/** Looks up web targets by registration key. */
export interface WebTargets {
  get(key: string): ApiResult<WebTarget>;
}
