import type { LoginClaims, WebRuntimeConfig } from "@portal/contracts";
import type { CompanySearch, UserManagementApi, WebTargets } from "@portal/core";
import { act, type RenderResult, render, waitFor } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router-dom";
import type { ConsentStore } from "../adapters/consent-store.js";
import { DeferredIdentity } from "../adapters/deferred-identity.js";
import type { AppServices } from "../app/app-services.js";
import type { BrowserIdentity } from "../app/browser-identity.js";
import { appModules, loadModules } from "../app/container.js";
import { PageReadyTracker } from "../app/page-ready.js";
import { AppProviders } from "../app/providers.js";
import { routerReady } from "../app/router-ready.js";
import { resolveServices } from "../app/services-context.js";
import { type SessionCheck, settledSessionCheck } from "../app/session-check.js";
import { createI18n } from "../i18n/i18n.js";
import { createAppRoutes } from "../routes.js";
import { fakeModule } from "./fake-modules.js";
import {
  type Calls,
  FakeIdentity,
  fakeApi,
  fakeCompanySearch,
  fakeWebTargets,
  memoryConsent,
  RecordingAnalytics,
  testConfig,
} from "./fakes.js";

export interface RenderAppOptions {
  /** Start URL (path relative to the router, query included), default "/". */
  readonly route?: string;
  /** Start entries with router state (instead of `route`), e.g. `[{ pathname, state }]`. */
  readonly entries?: ReadonlyArray<{ pathname: string; state?: unknown }>;
  /** Route pattern the element is mounted at, default "*". */
  readonly path?: string;
  readonly api?: Partial<UserManagementApi>;
  /** Claims of a signed-in user; null or omitted for a visitor. */
  readonly claims?: LoginClaims | null;
  readonly identity?: FakeIdentity;
  /**
   * Render while the page load's sign-in check still runs (as the app does); `answerCheck`
   * of the result lets it answer with `identity`'s state. `signedInLastTime` is the hint
   * from the previous load. Default: the check answered before the first render.
   */
  readonly checking?: { readonly signedInLastTime?: boolean; readonly loginRequired?: boolean };
  readonly companySearch?: CompanySearch;
  readonly webTargets?: WebTargets;
  readonly config?: Partial<WebRuntimeConfig>;
  readonly language?: string;
  /** The test's own i18n instance (default: one per language with every namespace loaded). */
  readonly i18n?: I18n;
  readonly consent?: ConsentStore;
  /**
   * Render the app's own routes (routes.tsx: shell and pages) instead of `ui` at `path`;
   * `ui` then renders beside the router (outside its context).
   */
  readonly appRoutes?: boolean;
  /** Extra routes beside the one under test (e.g. a target page to land on). */
  readonly extraRoutes?: ReadonlyArray<{ path: string; element: ReactElement }>;
}

export interface RenderAppResult extends RenderResult {
  readonly api: UserManagementApi & { calls: Calls };
  readonly identity: FakeIdentity;
  readonly analytics: RecordingAnalytics;
  readonly services: AppServices;
  readonly i18n: I18n;
  /** Lets a pending sign-in check (option `checking`) answer; the hint it remembers is in `hint`. */
  readonly answerCheck: () => Promise<void>;
  readonly hint: { signedIn: boolean };
  /** The memory data router the test renders in (its `state.location`, `navigate`). */
  readonly router: ReturnType<typeof createMemoryRouter>;
}

const i18nCache = new Map<string, Promise<I18n>>();

/** An i18n instance per language, created once per test file. */
export const testI18n = (language = "de"): Promise<I18n> => {
  let instance = i18nCache.get(language);
  if (!instance) {
    instance = createI18n(language);
    i18nCache.set(language, instance);
  }
  return instance;
};

/**
 * The identity and sign-in check a test renders with: the fake identity, answered at once,
 * or (option `checking`) the app's DeferredIdentity around it, answering on `answer()`.
 */
function sessionUnderTest(identity: FakeIdentity, checking: RenderAppOptions["checking"]) {
  const hint = { signedIn: checking?.signedInLastTime ?? false };
  if (!checking) {
    const check: SessionCheck = settledSessionCheck;
    return { boundIdentity: identity as BrowserIdentity, check, answer: () => undefined, hint };
  }
  let answer: () => void = () => undefined;
  const started = new Promise<BrowserIdentity>((resolve) => {
    answer = () => resolve(identity);
  });
  const sessionHint = {
    read: () => hint.signedIn,
    remember: (signedIn: boolean) => {
      hint.signedIn = signedIn;
    },
  };
  const deferred = new DeferredIdentity(started, sessionHint, checking.loginRequired ?? false);
  return {
    boundIdentity: deferred as BrowserIdentity,
    check: deferred as SessionCheck,
    answer,
    hint,
  };
}

/**
 * Renders `ui` inside the app's providers with fake ports and a memory router:
 * `const { api, identity } = await renderApp(<RegisterPage />, { route: "/registrieren?prt=x" })`.
 */
export async function renderApp(
  ui: ReactElement | null,
  options: RenderAppOptions = {},
): Promise<RenderAppResult> {
  const config = { ...testConfig, ...options.config };
  const api = fakeApi(options.api);
  const identity = options.identity ?? new FakeIdentity(options.claims ?? null);
  const analytics = new RecordingAnalytics();
  const { boundIdentity, check, answer, hint } = sessionUnderTest(identity, options.checking);
  // The app's modules over fake parts; the adapters that talk to servers are replaced.
  const container = loadModules({
    ...appModules({
      config,
      identity: boundIdentity,
      sessionCheck: check,
      pageReady: new PageReadyTracker(document.body, 0),
    }),
    api: fakeModule({ api }),
    analytics: fakeModule({ analytics, consent: options.consent ?? memoryConsent() }),
    webTargets: fakeModule({
      webTargets: options.webTargets ?? fakeWebTargets({ MC: "https://mc.example/" }),
    }),
    companySearch: fakeModule({ companySearch: options.companySearch ?? fakeCompanySearch([]) }),
  });
  const services = resolveServices(container);
  const language = options.language ?? "de";
  const i18n = options.i18n ?? (await testI18n(language));
  // A test may have switched the language: every render starts in the requested one.
  if (i18n.language !== language) await i18n.changeLanguage(language);
  const initialEntries = options.entries ? [...options.entries] : [options.route ?? "/"];
  // A data router, as in the app (a page's guard blocks navigations through it).
  const routes: RouteObject[] = options.appRoutes
    ? createAppRoutes({ services, i18n })
    : [
        {
          element: (
            <AppProviders services={services} i18n={i18n}>
              <Outlet />
            </AppProviders>
          ),
          children: [
            { path: options.path ?? "*", element: ui },
            ...(options.extraRoutes ?? []).map((r) => ({ path: r.path, element: r.element })),
          ],
        },
      ];
  const router = createMemoryRouter(routes, { initialEntries });
  await act(() => routerReady(router));
  const result = render(
    <>
      <RouterProvider router={router} />
      {options.appRoutes ? ui : null}
    </>,
  );
  const answerCheck = () =>
    act(async () => {
      answer();
      await Promise.resolve();
    });
  return { ...result, api, identity, analytics, services, i18n, answerCheck, hint, router };
}

/**
 * Renders the app's own routes (shell and lazily loaded pages) at `options.route`.
 *
 * @example
 * const { router } = await renderAppRoutes({ route: "/passwort-vergessen" });
 */
export const renderAppRoutes = (options: RenderAppOptions = {}): Promise<RenderAppResult> =>
  renderApp(null, { ...options, appRoutes: true });

/**
 * Waits for the element with this data-qa: for the parts a page loads after its first
 * paint (the registration form).
 *
 * @example
 * await renderApp(<RegisterPage />); await findByQa("register-form");
 */
export const findByQa = (qa: string): Promise<HTMLElement> =>
  waitFor(
    () => {
      const element = document.querySelector<HTMLElement>(`[data-qa="${qa}"]`);
      if (!element) throw new Error(`nothing with data-qa="${qa}" yet`);
      return element;
    },
    { timeout: 10_000 },
  );
