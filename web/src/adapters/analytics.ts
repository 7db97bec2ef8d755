import type { AnalyticsEvent } from "@portal/contracts";
import type { Analytics, ErrorReport } from "@portal/core";
import type { ConsentStore } from "./consent-store.js";

/** How long the consent lookup keeps retrying before queued events are dropped (spec section 9). */
export const CONSENT_LOOKUP_LIMIT_MS = 60_000;
const FIRST_RETRY_MS = 250;

/** Sends one event; the default posts JSON to the analytics URL. */
export type SendEvent = (event: AnalyticsEvent) => void;

/** Posts contracts' AnalyticsEvent with the consent header the collector requires. */
export const postEvent =
  (url: string, fetchFn: typeof fetch = fetch): SendEvent =>
  (event) => {
    void fetchFn(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-analytics-consent": "granted" },
      body: JSON.stringify(event),
      keepalive: true,
    }).catch(() => undefined); // analytics never disturbs the user
  };

/** Analytics that holds events until the consent is known, and is told when it changed. */
export interface ConsentListener {
  /** Call after the cookie settings changed: flushes or drops what waits. */
  consentChanged(): void;
}

/** Whether this analytics wants to hear of a consent change (see ConsentListener). */
export const listensToConsent = (analytics: Analytics): analytics is Analytics & ConsentListener =>
  typeof (analytics as Partial<ConsentListener>).consentChanged === "function";

/**
 * Analytics that sends only with consent. While no choice is known, events wait in a
 * queue and the lookup retries with exponential backoff for up to 60 s; after that,
 * or when consent is refused, the queue is dropped.
 */
export class ConsentedAnalytics implements Analytics, ConsentListener {
  #queue: AnalyticsEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #waitedMs = 0;

  constructor(
    private readonly consent: ConsentStore,
    private readonly send: SendEvent | null,
  ) {}

  pageView(routeName: string, path: string): void {
    this.#enqueue({ kind: "pageView", name: routeName, data: { path } });
  }

  event(name: string, data?: Readonly<Record<string, string>>): void {
    this.#enqueue(data ? { kind: "event", name, data: { ...data } } : { kind: "event", name });
  }

  reportError(report: ErrorReport): void {
    this.#enqueue({
      kind: "error",
      name: "request-failed",
      data: {
        status: String(report.status),
        url: report.url,
        logId: report.logId ?? "",
        message: report.message,
      },
    });
  }

  consentChanged(): void {
    this.#settle(this.consent.read());
  }

  #enqueue(event: AnalyticsEvent): void {
    if (!this.send) return; // analytics turned off by configuration
    const consent = this.consent.read();
    if (consent === "granted") this.send(event);
    else if (consent === null) {
      this.#queue.push(event);
      if (this.#timer === undefined) this.#retry(FIRST_RETRY_MS);
    }
  }

  #retry(delay: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#waitedMs += delay;
      const consent = this.consent.read();
      if (consent !== null || this.#waitedMs >= CONSENT_LOOKUP_LIMIT_MS) this.#settle(consent);
      else this.#retry(Math.min(delay * 2, CONSENT_LOOKUP_LIMIT_MS - this.#waitedMs));
    }, delay);
  }

  #settle(consent: "granted" | "denied" | null): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waitedMs = 0;
    const queued = this.#queue;
    this.#queue = [];
    if (consent === "granted" && this.send) for (const e of queued) this.send(e);
  }
}
