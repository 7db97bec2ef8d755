import type { PortalPlugin } from "../http/app-deps.js";
import { checkReadiness, newestMigrationMillis } from "./readiness.js";

/**
 * `/healthz`: the process is alive (200, no database involved). `/readyz`: 200 with a
 * HealthReport when the database answers and the migrations are applied, else 503 with
 * the same report, so a load balancer and `portal health` see why.
 */
export const healthPlugin: PortalPlugin = async (app, { deps }) => {
  const newest = newestMigrationMillis();
  const noStore = { "cache-control": "no-store" };

  app.get("/healthz", async (_request, reply) => reply.headers(noStore).send({ status: "ok" }));

  app.get("/readyz", async (_request, reply) => {
    const report = await checkReadiness(deps.database, deps.config.oidcIssuer, newest);
    return reply
      .headers(noStore)
      .code(report.status === "ok" ? 200 : 503)
      .send(report);
  });
};
