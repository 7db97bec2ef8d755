import { DEFAULT_LOCALE, localeToLanguage, parseLanguageCookie, routeOfPath } from "@portal/core";
import { PageReadyTracker } from "./app/page-ready.js";
import type { Boot } from "./app/start.js";
import { firstPageNamespaces, preloadTexts } from "./i18n/texts.js";
import { pageModules } from "./page-modules.js";
import { FRAME_CONDITIONS } from "./prerender/frame-routes.js";
import "./styles/index.css";

// The boot script: free of React and the app's code, so it runs as soon as it arrives and
// starts at once what the first page waits for (config.json, the language's texts, the
// route's page chunk) beside the app's own chunks. docs/prerendered-pages.md tells the rest.

const base = import.meta.env.BASE_URL;

const pageReady = new PageReadyTracker(document.body);
const endBoot = pageReady.begin();
// The language is applied at load from the CAS_PREFERRED_LANGUAGE cookie.
const language = localeToLanguage(parseLanguageCookie(document.cookie) ?? DEFAULT_LOCALE);
document.documentElement.lang = language;
const route = routeOfPath(window.location.pathname);
// config.json as it came: the app decodes it with the contracts' schema.
const config = fetch(`${base}config.json`).then((res) => {
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return res.json() as Promise<unknown>;
});
// The app awaits (and reports) it; this handler only keeps an early failure, before the app
// chunk is there, from counting as unhandled.
config.catch(() => undefined);

const root = document.getElementById("root");
// The server sent the route's prerendered frame (data-frame: its language) and the app
// hydrates it, unless the page reads a navigation's state the frame cannot know (a reload
// keeps it): then the app renders afresh.
const frame =
  root?.dataset.frame === language &&
  !(
    route &&
    FRAME_CONDITIONS[route.name]?.historyState &&
    (window.history.state as { usr?: unknown } | null)?.usr != null
  );
const state: Boot = { language, route, config, pageReady, endBoot, frame };

// React DOM is set up first, in a task of its own. As part of the app's module graph it
// made one main-thread task of 100 to 150 ms (unthrottled, on a slow machine), the
// largest of the page's start; apart, the app's graph takes 45 to 90 ms and React DOM
// about 20. Asked for before the page's warm-up: when the two wait for the same chunk,
// the first asked is evaluated first. Only the evaluation is split: the warm-up (and
// index.html's preloads without a frame) download the app's chunks side by side.
const reactDom = root && import("react-dom/client");
// Warm-ups only: the app loads the same modules again (from the module cache) and reports
// a failure there, so a failed warm-up is not reported twice.
preloadTexts(language, firstPageNamespaces(route)).catch(() => undefined);
pageModules[route ? route.name : "not-found"]().catch(() => undefined);
if (root && reactDom)
  reactDom
    .then(() => import("./app/start.js"))
    .then((app) => app.start(root, state))
    .catch((e: unknown) => {
      // No texts are loaded yet: show the reason in both main languages.
      const p = document.createElement("p");
      p.setAttribute("role", "alert");
      p.setAttribute("data-qa", "boot-error");
      p.textContent = `Die Anwendung konnte nicht starten / The application could not start: ${e instanceof Error ? e.message : String(e)}`;
      root.replaceChildren(p);
      document.body.dataset.pageReady = "true";
    });
