import { HealthReport } from "@portal/contracts";
import { err, ok, type Result } from "@portal/core";
import * as Schema from "effect/Schema";
import { type CliFailure, httpFailed } from "../failure.js";
import type { HttpClient } from "./http-client.js";

/** Liveness and readiness paths of the server (architecture: "One origin by default"). */
export const HEALTH_PATHS = { liveness: "/healthz", readiness: "/readyz" } as const;

/** What the two probes said. */
export interface HealthProbes {
  readonly live: boolean;
  readonly ready: boolean;
  /** The readiness report; null when the answer was not one. */
  readonly report: HealthReport | null;
}

/** Asks the portal's liveness and readiness probes. */
export interface HealthApi {
  probe(): Promise<Result<HealthProbes, CliFailure>>;
}

const decodeReport = Schema.decodeUnknownResult(HealthReport);

/** {@link HealthApi} over fetch; a 503 from a probe is an answer, not a failure. */
export class FetchHealthApi implements HealthApi {
  constructor(private readonly http: HttpClient) {}

  async probe(): Promise<Result<HealthProbes, CliFailure>> {
    const [liveness, readiness] = await Promise.all([
      this.http.send({ method: "GET", path: HEALTH_PATHS.liveness }),
      this.http.send({ method: "GET", path: HEALTH_PATHS.readiness }, HealthReport),
    ]);
    // Not reached at all: that is the failure to report (with its URL and reason).
    if (!liveness.ok && liveness.error.status === 0) return err(httpFailed(liveness.error));
    if (!readiness.ok && readiness.error.status === 0) return err(httpFailed(readiness.error));
    let report: HealthReport | null = null;
    if (readiness.ok) report = readiness.value;
    else {
      const decoded = decodeReport(readiness.error.body);
      if (decoded._tag === "Success") report = decoded.success;
    }
    return ok({
      live: liveness.ok,
      ready: readiness.ok && report?.status === "ok",
      report,
    });
  }
}
