import type { HtmlTagDescriptor, Plugin } from "vite";

/** The parts of Rolldown's output chunk the plugin reads. */
interface ChunkInfo {
  readonly type: "chunk";
  readonly fileName: string;
  readonly imports: ReadonlyArray<string>;
  readonly moduleIds: ReadonlyArray<string>;
}
type Bundle = Record<string, { readonly type: string }>;

const chunkOf = (bundle: Bundle, fileName: string): ChunkInfo | undefined => {
  const out = bundle[fileName];
  return out?.type === "chunk" ? (out as unknown as ChunkInfo) : undefined;
};

/** A chunk and everything it imports statically, transitively. */
const closure = (bundle: Bundle, chunk: ChunkInfo, seen = new Set<string>()): Set<string> => {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const file of chunk.imports) {
    const dep = chunkOf(bundle, file);
    if (dep) closure(bundle, dep, seen);
  }
  return seen;
};

export interface FirstLoadOptions {
  /** Source path (ending) of the app chunk the boot script imports dynamically. */
  readonly appModule: string;
  /** Files under the base path the boot script fetches at once (e.g. config.json). */
  readonly fetches: ReadonlyArray<string>;
}

/**
 * Adds to index.html what the boot script will ask for at once: `modulepreload` for the
 * app chunk and its imports (otherwise their download starts only after the boot script
 * ran) and `preload` for the files it fetches. Everything the first page needs besides its
 * own page chunk and texts then travels in the first round after the HTML.
 */
export const firstLoadPreloads = (options: FirstLoadOptions): Plugin => {
  let base = "/";
  return {
    name: "portal-first-load-preloads",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx): HtmlTagDescriptor[] {
        const bundle = ctx.bundle as Bundle | undefined;
        const entry = ctx.chunk as unknown as ChunkInfo | undefined;
        if (!bundle || !entry) return [];
        const app = Object.keys(bundle)
          .map((file) => chunkOf(bundle, file))
          .find((c) => c?.moduleIds.some((id) => id.endsWith(options.appModule)));
        if (!app) throw new Error(`first-load preloads: no chunk for ${options.appModule}`);
        // The entry's own imports are in the HTML already (Vite adds them).
        const inHtml = closure(bundle, entry);
        const modules = [...closure(bundle, app)].filter((file) => !inHtml.has(file));
        return [
          ...options.fetches.map(
            (file): HtmlTagDescriptor => ({
              tag: "link",
              // crossorigin (anonymous) matches fetch()'s default same-origin credentials.
              attrs: { rel: "preload", as: "fetch", crossorigin: true, href: `${base}${file}` },
              injectTo: "head",
            }),
          ),
          ...modules.map(
            (file): HtmlTagDescriptor => ({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` },
              injectTo: "head",
            }),
          ),
        ];
      },
    },
  };
};
