import { isUuid } from "@portal/core";
import type { FastifyRequest } from "fastify";
import { type LoadedPerson, personLoaderFor } from "../db/person-loader.js";
import { apiError } from "./api-error.js";
import type { AppDeps } from "./app-deps.js";
import type { AuthenticatedUser } from "./auth.js";

/**
 * The signed-in caller and their person: 401 without a valid token, 404 NOT_FOUND when
 * the token names a person that no longer exists (e.g. deleted).
 */
export const requireMe = async (
  deps: AppDeps,
  request: FastifyRequest,
): Promise<{ readonly user: AuthenticatedUser; readonly person: LoadedPerson }> => {
  const user = await deps.auth.requireUser(request);
  const person = isUuid(user.personId)
    ? await personLoaderFor(deps.database.db, deps.clock)(user.personId)
    : undefined;
  if (!person) throw apiError(404, "NOT_FOUND");
  return { user, person };
};
