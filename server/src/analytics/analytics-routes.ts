import { type AnalyticsEvent, API_ROUTES } from "@portal/contracts";
import type { PortalPlugin } from "../app-deps.js";
import { analyticsEvents } from "../db/schema/analytics.js";
import { ApiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import { rateLimitPreHandler } from "../rate-limit/rate-limit-guard.js";

/** The header the web app sends once the user has consented to tracking. */
export const CONSENT_HEADER = "x-analytics-consent";
export const CONSENT_GRANTED = "granted";

// An event is a route name or a masked error report, never a document.
const BODY_LIMIT_BYTES = 8 * 1024;
const MAX_NAME_LENGTH = 200;
const MAX_DATA_ENTRIES = 20;
const MAX_VALUE_LENGTH = 500;
export const ANALYTICS_BUDGET = { limit: 120, windowSeconds: 60 } as const;

const refuse = (field: string, message: string) =>
  new ApiError(400, [{ errorCode: "INVALID_REQUEST", field, message }]);

/** Size checks the schema does not express; throws 400 INVALID_REQUEST naming the field. */
export const checkEventSize = (event: AnalyticsEvent): void => {
  if (event.name.length === 0 || event.name.length > MAX_NAME_LENGTH) {
    throw refuse("name", `1 to ${MAX_NAME_LENGTH} characters`);
  }
  const entries = Object.entries(event.data ?? {});
  if (entries.length > MAX_DATA_ENTRIES)
    throw refuse("data", `at most ${MAX_DATA_ENTRIES} entries`);
  for (const [key, value] of entries) {
    if (key.length > MAX_NAME_LENGTH || value.length > MAX_VALUE_LENGTH) {
      throw refuse(`data.${key.slice(0, 40)}`, `at most ${MAX_VALUE_LENGTH} characters`);
    }
  }
};

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
      checkEventSize(event);
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
