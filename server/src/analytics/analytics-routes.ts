import { API_ROUTES } from "@portal/contracts";
import { analyticsEvents } from "../db/schema/analytics.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { rateLimitPreHandler } from "../http/rate-limit-guard.js";

/** The header the web app sends once the user has consented to tracking. */
export const CONSENT_HEADER = "x-analytics-consent";
export const CONSENT_GRANTED = "granted";

// The event's own limits are in its contracts schema (AnalyticsEvent); the body limit
// keeps the parser from reading more than any valid event can take.
const BODY_LIMIT_BYTES = 8 * 1024;
export const ANALYTICS_BUDGET = { limit: 120, windowSeconds: 60 } as const;

/**
 * `POST /api/analytics/events` (AnalyticsEvent): stored only when the request carries
 * `x-analytics-consent: granted`; without consent the event is dropped. Both answer 204,
 * so the browser learns nothing either way. Rate-limited per client, bodies up to 8 KiB.
 */
export const analyticsPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(
    app,
    deps,
    API_ROUTES.sendAnalyticsEvent,
    async ({ body: event, request }) => {
      if (request.headers[CONSENT_HEADER] === CONSENT_GRANTED) {
        await deps.database.db.insert(analyticsEvents).values({
          kind: event.kind,
          name: event.name,
          data: event.data ? { ...event.data } : null,
        });
      }
    },
    {
      fastify: {
        bodyLimit: BODY_LIMIT_BYTES,
        preHandler: rateLimitPreHandler(deps.limiter, "analytics", ANALYTICS_BUDGET),
      },
    },
  );
};
