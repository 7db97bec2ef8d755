import { DEFAULT_LOCALE, localeToLanguage, parseLanguageCookie, routeOfPath } from "@portal/core";
import { PageReadyTracker } from "./app/page-ready.js";
import type { Boot } from "./app/start.js";
import { preloadTexts } from "./i18n/texts.js";
import { notFoundPageLoader, pageLoaders } from "./page-loaders.js";
import "./styles/index.css";

// The boot script. It is kept free of React and the app's code (they arrive as the
// dynamically imported app chunk, which index.html already preloads) so that it runs
// as soon as it is downloaded and starts everything else the first page waits for at the
// same time: config.json (also preloaded by index.html), the texts of the language, and
// the current route's page chunk. The first render then needs no second round of requests.

const base = import.meta.env.BASE_URL;

/** Fetches config.json; the app decodes it with the contracts' schema. */
async function fetchConfig(): Promise<unknown> {
  const res = await fetch(`${base}config.json`);
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return res.json();
}

const pageReady = new PageReadyTracker(document.body);
const endBoot = pageReady.begin();
// The language is applied at load from the CAS_PREFERRED_LANGUAGE cookie.
const language = localeToLanguage(parseLanguageCookie(document.cookie) ?? DEFAULT_LOCALE);
document.documentElement.lang = language;
const route = routeOfPath(window.location.pathname);
const config = fetchConfig();
// The app awaits (and reports) it; this handler only keeps an early failure, before the app
// chunk is there, from counting as unhandled.
config.catch(() => undefined);
// Warm-ups only: the app loads the same modules again (from the module cache) and reports
// a failure there, so a failed warm-up is not reported twice.
preloadTexts(language).catch(() => undefined);
(route ? pageLoaders[route.name] : notFoundPageLoader)().catch(() => undefined);

const boot: Boot = { language, route, config, pageReady, endBoot };

const root = document.getElementById("root");
if (root)
  import("./app/start.js")
    .then((app) => app.start(root, boot))
    .catch((e: unknown) => {
      // No texts are loaded yet: show the reason in both main languages.
      const p = document.createElement("p");
      p.setAttribute("role", "alert");
      p.setAttribute("data-qa", "boot-error");
      p.textContent = `Die Anwendung konnte nicht starten / The application could not start: ${e instanceof Error ? e.message : String(e)}`;
      root.replaceChildren(p);
      document.body.dataset.pageReady = "true";
    });
