import { API_ROUTES } from "@portal/contracts";
import { exportFileName } from "@portal/core";
import { recordSecurityEvent } from "../activity/security-events.js";
import { whereFrom } from "../activity/sign-in-events.js";
import { apiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { requireFreshSignIn } from "../http/fresh-sign-in.js";
import { enforceRateLimit } from "../http/rate-limit-guard.js";
import { consentHistoryOf } from "../persons/consent-history.js";
import { findAnyPersonByEmail } from "../persons/person-store.js";
import { personExport } from "./person-export.js";
import { purgeNow } from "./retention-schedule.js";

/**
 * Exports a person may ask for per hour: enough to retry a failed download, too few to
 * turn the (heavy, complete) document into a way of hammering the database.
 */
export const EXPORT_BUDGET = { limit: 3, windowSeconds: 3600 } as const;

/** The person's consent history and data export; support's export by e-mail. */
export const privacyPlugin: PortalPlugin = async (app, { deps }) => {
  const { db } = deps.database;

  apiRoute(app, deps, API_ROUTES.getConsentHistory, async ({ caller: { person } }) => ({
    changes: await consentHistoryOf(db, person.id),
  }));

  apiRoute(
    app,
    deps,
    API_ROUTES.exportMyData,
    async ({ caller: { user, person }, request, reply }) => {
      // The whole account in one file: only right after the person proved who they are.
      requireFreshSignIn(user, deps.clock.now());
      await enforceRateLimit(deps.limiter, `export:${person.id}`, EXPORT_BUDGET);
      const now = deps.clock.now();
      const document = await personExport(db, person, now);
      await recordSecurityEvent(
        db,
        person,
        "data-exported",
        whereFrom({ userAgent: request.headers["user-agent"], ip: request.ip }).details,
        now,
      );
      request.log.info("personal data exported");
      reply.header("content-disposition", `attachment; filename="${exportFileName(now)}"`);
      reply.header("cache-control", "no-store");
      return document;
    },
  );

  apiRoute(
    app,
    deps,
    API_ROUTES.supportExportPerson,
    async ({ query: { email }, request, reply }) => {
      if (email.trim() === "") throw apiError(400, "FIELD_EMPTY", "email");
      // A closed account too: its data are held until the erasure, so support can hand them out.
      const person = await findAnyPersonByEmail(db, email);
      if (!person) throw apiError(404, "ACCOUNT_NOT_FOUND", "email");
      const now = deps.clock.now();
      const document = await personExport(db, person, now);
      // The person sees in their activity that support took their data out.
      await recordSecurityEvent(db, person, "data-exported-by-support", {}, now);
      request.log.info("support exported a person's data");
      reply.header("cache-control", "no-store");
      return document;
    },
  );

  apiRoute(app, deps, API_ROUTES.supportPurge, async ({ body: { dryRun }, request }) => {
    const report = await purgeNow(deps, dryRun);
    request.log.info({ dryRun, ran: report.ran }, "support ran the retention purge");
    return report;
  });
};
