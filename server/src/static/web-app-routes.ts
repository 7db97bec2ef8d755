import { existsSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { webTargets } from "../db/schema/index.js";
import { apiError } from "../http/api-error.js";
import type { PortalPlugin } from "../http/app-deps.js";
import { defaultWebTargets } from "../web-targets/web-targets-seed.js";
import { unavailablePage } from "./unavailable-page.js";
import { FRAMES_FILE, framePage, webAppPagesReader } from "./web-app-frames.js";
import { BASE_PATH, webRuntimeConfig } from "./web-runtime-config.js";

// Vite writes content-hashed bundles here: they never change under their name.
const HASHED_ASSETS = /^assets\//;
const IMMUTABLE = "public, max-age=31536000, immutable";
// index.html, config.json, silent-check-sso.html: always revalidate.
const REVALIDATE = "no-cache";
// The icon has a fixed name: a day, so a new one shows within a day.
const ICON_CACHE = "public, max-age=86400";

/** The file under `root` that `relative` names, or null (missing, a folder, or outside root). */
export const fileUnder = (root: string, relative: string): string | null => {
  const path = normalize(join(root, relative));
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
};

/**
 * The built web app under /benutzerverwaltung/: its files (hashed assets cached for a
 * year, everything else revalidated), `config.json` from the server's config, and the
 * history fallback to index.html for the app's routes. `/` leads to the app. While the
 * build is missing, the app's pages answer a 503 page that says so.
 */
export const webAppPlugin: PortalPlugin = async (app, { deps }) => {
  const root = deps.config.webDistDir;
  // Cache-Control is set per file below, not by the plugin. The web build writes .br and .gz
  // beside its hashed assets (best compression, done once): those are sent as they are.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    wildcard: false,
    cacheControl: false,
    preCompressed: true,
  });
  // Read per request (a handful of rows, once per page load): a web target stored while the
  // portal runs is allowed at the next load. Without the database the app still loads, with
  // the default targets' origins.
  const webTargetUrls = async (log: FastifyBaseLogger): Promise<string[]> => {
    try {
      const rows = await deps.database.db
        .select({ url: webTargets.url })
        .from(webTargets)
        .orderBy(webTargets.key);
      return rows.map((row) => row.url);
    } catch (error) {
      log.warn({ err: error }, "web targets unreadable; config.json lists the default origins");
      return defaultWebTargets(deps.config).map((target) => target.url);
    }
  };

  const pages = webAppPagesReader(root);
  const branding = webRuntimeConfig(deps.config, []).branding;

  /**
   * A public route's page with its prerendered frame in the cookie's language (see
   * web-app-frames.ts); the HTML differs by that cookie, so caches keep one per cookie.
   */
  const sendFrame = (request: FastifyRequest, reply: FastifyReply, relative: string) => {
    const built = pages();
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    const page =
      built &&
      framePage(
        built.indexHtml,
        built.frames,
        { branding, year: new Date().getUTCFullYear() },
        { path: relative, query: [...query.keys()], cookie: request.headers.cookie },
      );
    if (!page) return sendIndex(reply);
    return reply
      .header("cache-control", REVALIDATE)
      .header("vary", "Cookie")
      .type("text/html; charset=utf-8")
      .send(page);
  };

  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(join(root, "index.html"))) {
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(unavailablePage(root));
    }
    return reply.header("cache-control", REVALIDATE).sendFile("index.html", root);
  };

  // Browsers ask the origin for /favicon.ico of their own accord (a PDF view, a JSON answer,
  // a bookmark): the app's icon (web/public/favicon.ico, its 32 px PNG in an ICO wrapper).
  app.get("/favicon.ico", (_request, reply) => {
    if (!fileUnder(root, "favicon.ico")) throw apiError(404, "NOT_FOUND");
    return reply.header("cache-control", ICON_CACHE).sendFile("favicon.ico", root);
  });
  app.get("/", (_request, reply) => reply.redirect(BASE_PATH));
  app.get(BASE_PATH.slice(0, -1), (_request, reply) => reply.redirect(BASE_PATH));
  app.get(`${BASE_PATH}config.json`, async (request, reply) =>
    reply
      .header("cache-control", REVALIDATE)
      .send(webRuntimeConfig(deps.config, await webTargetUrls(request.log))),
  );
  app.get(`${BASE_PATH}*`, (request, reply) => {
    // The router has decoded the path once already.
    const relative = (request.params as { "*": string })["*"] ?? "";
    if (relative === "index.html") return sendIndex(reply);
    if (relative === "") return sendFrame(request, reply, relative);
    // The frames are the server's to fill in, not a file of the app.
    const file = relative === FRAMES_FILE ? null : fileUnder(root, relative);
    if (file) {
      const cache = HASHED_ASSETS.test(relative) ? IMMUTABLE : REVALIDATE;
      return reply.header("cache-control", cache).sendFile(relative, root);
    }
    // A missing file (it has an extension) is a 404; anything else is a route of the app.
    if (extname(relative) !== "") {
      throw apiError(404, "NOT_FOUND");
    }
    return sendFrame(request, reply, relative);
  });
};
