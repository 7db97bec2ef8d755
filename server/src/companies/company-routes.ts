import { API_ROUTES, type CompanySuggestions } from "@portal/contracts";
import { ApiError } from "../http/api-error.js";
import { apiRoute } from "../http/api-route.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { rateLimitPreHandler } from "../http/rate-limit-guard.js";
import { searchCompanies } from "./search.js";
import { parseSearchTerm } from "./search-term.js";

// The web app asks at most every 500 ms while someone types; this leaves room for an
// office behind one address and stops anybody from reading out the register.
export const SUGGESTION_BUDGET = { limit: 300, windowSeconds: 60 } as const;

/**
 * `GET /api/gatinator/smart-signup/{term}`: company suggestions (CompanySuggestions).
 * A term under 3 characters (or without letters or digits) answers 400 INVALID_REQUEST
 * with field "term". (`startServer` seeds the synthetic register on first start.)
 */
export const companiesPlugin: PortalPlugin = async (app, { deps }) => {
  apiRoute(
    app,
    deps,
    API_ROUTES.companySuggestions,
    async ({ params: { term }, reply }) => {
      const parsed = parseSearchTerm(term ?? "");
      if (!parsed.ok) {
        throw new ApiError(400, [
          { errorCode: "INVALID_REQUEST", field: "term", message: parsed.error },
        ]);
      }
      const started = performance.now();
      const companyNameSuggestions = await searchCompanies(deps.database.db, parsed.value);
      // Server-Timing lets the benchmark read the server's own time of each suggestion.
      const millis = (performance.now() - started).toFixed(1);
      reply
        .header("server-timing", `db;dur=${millis}`)
        .header("cache-control", "private, max-age=60");
      return { companyNameSuggestions } satisfies CompanySuggestions;
    },
    {
      fastify: {
        preHandler: rateLimitPreHandler(deps.limiter, "smart-signup", SUGGESTION_BUDGET),
      },
    },
  );
};
