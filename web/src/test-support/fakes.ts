import type { LoginClaims, Person, WebRuntimeConfig } from "@portal/contracts";
import {
  type Analytics,
  type ApiResult,
  BASE_PATH,
  type CompanySearch,
  type ErrorReport,
  err,
  type HttpFailure,
  httpFailure,
  type LoginOptions,
  ok,
  type UserManagementApi,
  type WebTargets,
} from "@portal/core";
import { basePerson } from "@portal/core/testing";
import type { Consent, ConsentStore } from "../adapters/consent-store.js";
import type { ActionUpdate, BrowserIdentity } from "../app/browser-identity.js";

/** The runtime config tests run with. */
export const testConfig: WebRuntimeConfig = {
  basePath: BASE_PATH,
  apiBaseUrl: "",
  smartSignupUrl: "/api/gatinator/smart-signup",
  identity: {
    url: "http://localhost:8080",
    realm: "portal",
    clientId: "portal-web",
    provider: "embedded",
  },
  languageCookieDomain: null,
  securityMenu: { enabled: true, memberNumberPrefixes: [] },
  branding: {
    associationName: "Creditreform Test",
    homepageUrl: "https://association.example/",
    faqUrl: "https://association.example/faq",
    legalNoticeUrl: "https://association.example/impressum",
    termsOfUseUrl: "https://association.example/nutzungsbedingungen",
    signUpUrl: "https://association.example/kostenlos-registrieren",
  },
  supportContact: { email: "kundenservice@association.example", url: null, phone: null },
  deletionGraceDays: 0,
  analyticsUrl: null,
};

/** A failure as the HTTP client would report it. */
export const failure = (
  status: number,
  body: unknown = null,
  correlationId: string | null = "corr-1",
): HttpFailure => httpFailure({ status, url: "/api/user-management/test", body, correlationId });

/** Answers a fake API call with a value (default) or a failure. */
export const answer = <T>(value: T): ApiResult<T> => Promise.resolve(ok(value));
export const fail = (f: HttpFailure): ApiResult<never> => Promise.resolve(err(f));

/** Records every call of a fake port method. */
export type Calls = Array<{ method: string; args: unknown[] }>;

/**
 * A user-management API whose every call fails with 501 unless overridden; `calls`
 * records what the page sent.
 */
export function fakeApi(
  overrides: Partial<UserManagementApi> = {},
): UserManagementApi & { calls: Calls } {
  const calls: Calls = [];
  const notImplemented = () => fail(failure(501, [{ errorCode: "BACKEND_ERROR" }]));
  return new Proxy({ calls } as UserManagementApi & { calls: Calls }, {
    get(_target, prop) {
      if (prop === "calls") return calls;
      // Not a thenable: containers and awaits must see a plain object.
      if (typeof prop !== "string" || prop === "then") return undefined;
      const impl = (overrides as Record<string, ((...a: unknown[]) => unknown) | undefined>)[prop];
      return (...args: unknown[]) => {
        calls.push({ method: prop, args });
        return impl ? impl(...args) : notImplemented();
      };
    },
  });
}

/**
 * A signed-in or signed-out identity session; logins and logouts are recorded, and
 * `reportedAction` plays the provider's report on an application-initiated action.
 */
export class FakeIdentity implements BrowserIdentity {
  readonly logins: LoginOptions[] = [];
  readonly logouts: Array<string | undefined> = [];
  constructor(
    private current: LoginClaims | null = null,
    private readonly reportedAction: ActionUpdate | null = null,
  ) {}
  actionUpdate(): ActionUpdate | null {
    return this.reportedAction;
  }
  isAuthenticated(): boolean {
    return this.current !== null;
  }
  claims(): LoginClaims | null {
    return this.current;
  }
  token(): Promise<string | null> {
    return Promise.resolve(this.current ? "test-token" : null);
  }
  login(options: LoginOptions = {}): Promise<void> {
    this.logins.push(options);
    return Promise.resolve();
  }
  logout(redirectUri?: string): Promise<void> {
    this.logouts.push(redirectUri);
    this.current = null;
    return Promise.resolve();
  }
}

/** Analytics that records what it would send. */
export class RecordingAnalytics implements Analytics {
  readonly pageViews: Array<{ routeName: string; path: string }> = [];
  readonly events: Array<{ name: string; data?: Readonly<Record<string, string>> }> = [];
  readonly errors: ErrorReport[] = [];
  pageView(routeName: string, path: string): void {
    this.pageViews.push({ routeName, path });
  }
  event(name: string, data?: Readonly<Record<string, string>>): void {
    this.events.push(data ? { name, data } : { name });
  }
  reportError(report: ErrorReport): void {
    this.errors.push(report);
  }
}

/**
 * Company search answering from a fixed list: name contains the term, or for a
 * digits-only term the crefonummer starts with it (as the smart-signup service).
 */
export const fakeCompanySearch = (
  companies: ReadonlyArray<{ crefonummer: string; name: string; city?: string }>,
): CompanySearch & { terms: string[] } => {
  const terms: string[] = [];
  return {
    terms,
    suggest(term) {
      terms.push(term);
      const hits = companies.filter((c) =>
        /^\d+$/.test(term)
          ? c.crefonummer.startsWith(term)
          : c.name.toLowerCase().includes(term.toLowerCase()),
      );
      return answer({ companyNameSuggestions: hits });
    },
  };
};

/** Web targets from a fixed map; unknown keys fail with 404. */
export const fakeWebTargets = (urls: Readonly<Record<string, string>>): WebTargets => ({
  get(key) {
    const url = urls[key];
    return url
      ? answer({ key, url, sourceSystem: key })
      : fail(failure(404, [{ errorCode: "NOT_FOUND" }]));
  },
});

/** A consent store in memory. */
export const memoryConsent = (initial: Consent | null = null): ConsentStore => {
  let value = initial;
  return {
    read: () => value,
    write: (c) => {
      value = c;
    },
  };
};

/** A confirmed, signed-in person (not a member) for pages that load `GET /persons/me`. */
export const testPerson: Person = {
  ...basePerson,
  id: "p1",
  salutation: "MS",
  surName: "Muster",
  preferredLanguage: "de",
  consentMarketing: "GIVEN",
  consentRecherche: "REFUSED",
};
