// Prerenders the frame of every public route in de, en and fr (after `vite build`): the
// app's own tree rendered by React's prerender (src/prerender/render-frame.tsx, loaded
// through Vite so it resolves and transforms modules as the app build does). Writes
// dist/frames.json, which the server fills into index.html per request (language from
// the CAS_PREFERRED_LANGUAGE cookie, branding from its configuration):
//   { routes: { "<route path>": { query: [...], frames: { de: { title, html } } } } }
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = fileURLToPath(new URL("../dist/frames.json", import.meta.url));

const vite = await createServer({
  root,
  appType: "custom",
  logLevel: "warn",
  server: { middlewareMode: true, hmr: false, ws: false },
  // The workspace packages resolve to their sources, as in the app build.
  ssr: {
    noExternal: [/^@portal\//],
    resolve: { conditions: ["source", "module", "node", "production"] },
  },
});
try {
  const { renderFrame } = await vite.ssrLoadModule("/src/prerender/render-frame.tsx");
  const { FRAME_ROUTES, FRAME_LANGUAGES } = await vite.ssrLoadModule(
    "/src/prerender/frame-config.ts",
  );
  const { FRAME_CONDITIONS } = await vite.ssrLoadModule("/src/prerender/frame-routes.ts");
  const routes = {};
  for (const route of FRAME_ROUTES) {
    const frames = {};
    for (const language of FRAME_LANGUAGES) {
      const frame = await renderFrame(route, language);
      // The CSP allows no inline style: an attribute in the HTML would not apply (React
      // sets styles through the DOM once it runs, which the CSP allows).
      if (/<[^>]+\sstyle="/.test(frame.html) || /<style[\s>]/.test(frame.html))
        throw new Error(`frame ${route.name}/${language} has an inline style`);
      frames[language] = frame;
    }
    routes[route.path] = { query: FRAME_CONDITIONS[route.name]?.query ?? [], frames };
  }
  writeFileSync(out, JSON.stringify({ routes }));
  console.log(
    `prerendered ${FRAME_ROUTES.length} routes x ${FRAME_LANGUAGES.length} languages -> dist/frames.json`,
  );
} finally {
  await vite.close();
}
