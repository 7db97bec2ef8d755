import { WebRuntimeConfig } from "@portal/contracts";
import {
  DEFAULT_LOCALE,
  localeToLanguage,
  parseLanguageCookie,
  routeOfPath,
  uiLanguage,
} from "@portal/core";
import * as Schema from "effect/Schema";
import Keycloak from "keycloak-js";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { KeycloakIdentity, thirdPartyCheckProbe } from "./adapters/keycloak-identity.js";
import { createAppContainer } from "./app/container.js";
import { PageReadyTracker } from "./app/page-ready.js";
import { AppProviders } from "./app/providers.js";
import { createI18n } from "./i18n/i18n.js";
import { AppRoutes } from "./routes.js";
import "./styles.css";

const base = import.meta.env.BASE_URL;

/** Reads and decodes config.json; a wrong file fails with the schema's message. */
async function loadConfig(): Promise<WebRuntimeConfig> {
  const res = await fetch(`${base}config.json`, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  return Schema.decodeUnknownSync(WebRuntimeConfig)(await res.json());
}

async function start(root: HTMLElement): Promise<void> {
  const pageReady = new PageReadyTracker(document.body);
  const endBoot = pageReady.begin();
  // The language is applied at load from the CAS_PREFERRED_LANGUAGE cookie.
  const language = localeToLanguage(parseLanguageCookie(document.cookie) ?? DEFAULT_LOCALE);
  document.documentElement.lang = language;
  const [config, i18n] = await Promise.all([loadConfig(), createI18n(language)]);
  const keycloak = new Keycloak({
    url: config.identity.url,
    realm: config.identity.realm,
    clientId: config.identity.clientId,
  });
  const identity = new KeycloakIdentity(keycloak, {
    baseUrl: new URL(config.basePath, window.location.origin).href,
    locale: () => uiLanguage(i18n.language),
    silentCheckAvailable: thirdPartyCheckProbe(config.identity.url, config.identity.realm),
  });
  // Protected routes sign in at once; every other route checks silently.
  await identity.init(routeOfPath(window.location.pathname)?.access === "protected");
  const container = createAppContainer({ config, identity, pageReady });
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename={config.basePath.replace(/\/+$/, "")}>
        <AppProviders container={container} i18n={i18n}>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
  endBoot();
}

const root = document.getElementById("root");
if (root)
  start(root).catch((e: unknown) => {
    // No texts are loaded yet: show the reason in both main languages.
    const p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.setAttribute("data-qa", "boot-error");
    p.textContent = `Die Anwendung konnte nicht starten / The application could not start: ${e instanceof Error ? e.message : String(e)}`;
    root.replaceChildren(p);
    document.body.dataset.pageReady = "true";
  });
