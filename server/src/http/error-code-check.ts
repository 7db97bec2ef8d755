import { API_ROUTES, type ApiRoute, answerableErrorCodes } from "@portal/contracts";
import type { FastifyInstance } from "fastify";

// Makes the route table's `errors` lists checkable: every error answer of a route of the
// table is handed to an observer with the codes it carries and whether each is documented
// (the entry's list or the common codes of its caller). Tests pass an observer that fails
// on an undocumented code; a production server passes none and installs no hook.

/** One error answer of a route of the table. */
export interface ErrorAnswer {
  /** The entry's name in API_ROUTES, e.g. "patchMe". */
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly codes: ReadonlyArray<string>;
  /** The codes of the answer its entry does not document. */
  readonly undocumented: ReadonlyArray<string>;
}

/** Sees every error answer of a route of the table. */
export type ErrorAnswerObserver = (answer: ErrorAnswer) => void;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route table's entry of a route registered by `apiRoute`. */
    apiRoute?: ApiRoute;
  }
}

const nameOf = new Map<ApiRoute, string>(
  (Object.entries(API_ROUTES) as Array<[string, ApiRoute]>).map(([name, r]) => [r, name]),
);

const codesOf = (payload: unknown): string[] => {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return [];
  try {
    const body: unknown = JSON.parse(payload.toString());
    return Array.isArray(body)
      ? body.flatMap((e) => (typeof e?.errorCode === "string" ? [e.errorCode as string] : []))
      : [];
  } catch {
    return [];
  }
};

/**
 * Hands each error answer (status 400 and up) of a route registered by `apiRoute` to
 * `observe`. Registered before compression, so the hook reads the serialised error list.
 *
 * @example
 * installErrorCodeCheck(app, (a) => { if (a.undocumented.length) failures.push(a); });
 */
export const installErrorCodeCheck = (app: FastifyInstance, observe: ErrorAnswerObserver): void => {
  app.addHook("onSend", async (request, reply, payload) => {
    const entry = request.routeOptions.config?.apiRoute;
    if (!entry || reply.statusCode < 400) return payload;
    const codes = codesOf(payload);
    const documented = new Set<string>(answerableErrorCodes(entry));
    observe({
      route: nameOf.get(entry) ?? entry.path,
      method: entry.method,
      path: entry.prefix + entry.path,
      status: reply.statusCode,
      codes,
      undocumented: codes.filter((c) => !documented.has(c)),
    });
    return payload;
  });
};
