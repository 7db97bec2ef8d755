import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { routeByName } from "@portal/core";
import {
  type FrameValues,
  framePage,
  type WebAppFrames,
  webAppPagesReader,
} from "../../../server/src/static/web-app-frames.js";
import { median, percentile } from "./stats.js";

/**
 * Today's prerendered frames against rendering the page per request (issue 32), on the
 * server's side: CPU per page, HTML bytes and build time. The browser's side (LCP, TBT) is
 * the Lighthouse section's: the same HTML paints the same.
 */
export interface FrameRenderFigures {
  readonly rows: ReadonlyArray<FrameRenderRow>;
  /** `node web/scripts/prerender.mjs` (every public route x 5 languages), wall time. */
  readonly prerenderBuildS: number;
  /** The server bundle per-request rendering needs (a Vite SSR build of the app's tree). */
  readonly ssrBuildS: number;
  readonly renders: number;
  readonly nodeEnv: string | undefined;
}

export interface FrameRenderRow {
  readonly page: string;
  readonly way: "frame fill" | "per request";
  readonly cpuP50Ms: number;
  readonly cpuP95Ms: number;
  readonly wallP50Ms: number;
  readonly htmlBytes: number;
  readonly gzipBytes: number;
  /** Whether the page is byte for byte today's framed page. */
  readonly sameAsFrame: boolean;
}

/** The two public pages the Lighthouse section measures too. */
const PAGES = [routeByName("register"), routeByName("password-forgotten")];
/** The languages' cookies (CAS_PREFERRED_LANGUAGE), as a browser sends them. */
const LANGUAGES = [
  { language: "de", locale: "de_DE" },
  { language: "en", locale: "en_US" },
  { language: "fr", locale: "fr_FR" },
] as const;

/** A server's branding (config.json's), so the fill has real values to escape and put in. */
const VALUES: FrameValues = {
  branding: {
    associationName: "Verband der Vereine Creditreform e.V.",
    homepageUrl: "https://www.example.org/",
    faqUrl: "https://www.example.org/faq",
    legalNoticeUrl: "https://www.example.org/impressum",
    termsOfUseUrl: "https://www.example.org/nutzungsbedingungen",
    signUpUrl: "https://www.example.org/registrieren",
  },
  year: 2026,
};

/** What web/src/prerender/render-frame.tsx exports, once built for the server. */
type RenderFrame = (
  route: ReturnType<typeof routeByName>,
  language: string,
) => Promise<{ html: string; title: string }>;

/** One page's CPU time (user + system of the process, so the GC's threads too) and wall time. */
const timed = async (fn: () => unknown): Promise<{ cpuMs: number; wallMs: number }> => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
};

/**
 * Builds the app's tree for the server as a per-request renderer would ship it: Vite's SSR
 * build of render-frame.tsx (React Router's static handler and router, the app's providers,
 * react-dom's Fizz), every package bundled, into tests/.bench/frame-ssr.
 */
const buildServerRenderer = async (root: string): Promise<{ render: RenderFrame; s: number }> => {
  const web = join(root, "web");
  const outDir = join(root, "tests/.bench/frame-ssr");
  const { build } = await import("vite");
  const start = performance.now();
  await build({
    root: web,
    configFile: join(web, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    // The app's public files belong to the client build.
    publicDir: false,
    ssr: {
      noExternal: true,
      resolve: { conditions: ["source", "module", "node", "production"] },
    },
    build: {
      ssr: "src/prerender/render-frame.tsx",
      outDir,
      emptyOutDir: true,
      manifest: false,
      // One file: the server loads everything at start, lazy parts included.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const s = (performance.now() - start) / 1000;
  const module = (await import(pathToFileURL(join(outDir, "render-frame.js")).href)) as {
    renderFrame: RenderFrame;
  };
  return { render: module.renderFrame, s };
};

/**
 * Server CPU per page for (a) today's frame fill (framePage over the build's frames.json)
 * and (b) rendering the page per request (render-frame.tsx's renderFrame, then the same
 * fill into index.html), `renders` times per page and language after a warm-up; gzip bytes
 * of both pages; the build time of today's prerender step. Needs a built web/dist.
 */
export const measureFrameRender = async (
  root: string,
  renders: number,
): Promise<FrameRenderFigures> => {
  // React's production build, as the server runs (its CommonJS entry picks it at runtime).
  process.env.NODE_ENV = "production";
  const dist = join(root, "web/dist");
  const pages = webAppPagesReader(dist)();
  if (!pages) throw new Error("web/dist has no index.html and frames.json: build the web app");

  // Today's build step: a fresh process, as `pnpm build` runs it (it rewrites frames.json
  // with the same frames).
  const prerenderStart = performance.now();
  const prerender = spawnSync(process.execPath, ["scripts/prerender.mjs"], {
    cwd: join(root, "web"),
    encoding: "utf8",
  });
  const prerenderBuildS = (performance.now() - prerenderStart) / 1000;
  if (prerender.status !== 0) throw new Error(`prerender failed: ${prerender.stderr}`);

  const { render, s: ssrBuildS } = await buildServerRenderer(root);
  const rows: FrameRenderRow[] = [];
  for (const route of PAGES) {
    for (const { language, locale } of LANGUAGES) {
      const request = {
        path: route.path,
        query: [],
        cookie: `CAS_PREFERRED_LANGUAGE=${locale}`,
      };
      const fill = () => framePage(pages.indexHtml, pages.frames, VALUES, request);
      // Per request: the page rendered now, then put into index.html as the fill does.
      const renderPage = async () => {
        const frame = await render(route, language);
        const fresh: WebAppFrames = {
          routes: { [route.path]: { query: [], frames: { [language]: frame } } },
        };
        return framePage(pages.indexHtml, fresh, VALUES, request);
      };
      const ways = [
        { way: "frame fill", page: fill },
        { way: "per request", page: renderPage },
      ] as const;
      for (const { way, page } of ways) {
        // Warm-up: the first render loads the lazy parts and lets the JIT settle.
        for (let i = 0; i < 20; i++) await page();
        const samples = [];
        for (let i = 0; i < renders; i++) samples.push(await timed(page));
        const html = (await page()) ?? "";
        const framed = fill() ?? "";
        rows.push({
          page: `/${route.path} ${language}`,
          way,
          cpuP50Ms: median(samples.map((t) => t.cpuMs)),
          cpuP95Ms: percentile(
            samples.map((t) => t.cpuMs),
            95,
          ),
          wallP50Ms: median(samples.map((t) => t.wallMs)),
          htmlBytes: Buffer.byteLength(html),
          gzipBytes: gzipSync(html).length,
          sameAsFrame: html === framed,
        });
      }
    }
  }
  return {
    rows,
    prerenderBuildS,
    ssrBuildS,
    renders,
    nodeEnv: process.env.NODE_ENV,
  };
};

/** index.html's own size, the page the app draws without a frame. */
export const emptyIndexGzip = (root: string): number =>
  gzipSync(readFileSync(join(root, "web/dist/index.html"))).length;
