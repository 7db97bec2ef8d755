import type { HtmlTagDescriptor, Plugin } from "vite";

/**
 * index.html preloads what the boot script imports at once (React DOM and the app, with
 * their imports), not only its static imports, which Vite preloads itself. The boot script
 * imports the app dynamically so that it runs before the app has arrived (main.tsx); the
 * preloads start the app's download with the page's, as a static import did. A prerendered
 * page drops them (server/src/static/web-app-frames.ts): there the boot script asks after
 * the frame's first paint.
 */
export const appPreloads = (): Plugin => {
  let base = "/";
  return {
    name: "portal-app-preloads",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { chunk, bundle }) {
        if (!chunk || !bundle) return [];
        const chunkOf = (file: string) => {
          const c = bundle[file];
          return c?.type === "chunk" ? c : undefined;
        };
        const loaded = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of chunkOf(file)?.imports ?? []) closure(dep, into);
        };
        closure(chunk.fileName, loaded);
        const preloads = new Set<string>();
        for (const file of chunk.dynamicImports) closure(file, preloads);
        return [...preloads]
          .filter((file) => !loaded.has(file))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` },
              injectTo: "head",
            }),
          );
      },
    },
  };
};
