import type { AnalyticsEvent } from "@portal/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryConsent } from "../test-support/fakes.js";
import { CONSENT_LOOKUP_LIMIT_MS, ConsentedAnalytics, postEvent } from "./analytics.js";

describe("analytics only with consent (spec sections 2 and 9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends at once when consent is granted", () => {
    const sent: AnalyticsEvent[] = [];
    const a = new ConsentedAnalytics(memoryConsent("granted"), (e) => sent.push(e));
    a.pageView("register", "/benutzerverwaltung/registrieren");
    a.event("registration-confirmed", { key: "MC" });
    a.reportError({ status: 500, url: "/x/XX", logId: "c1", message: "boom" });
    expect(sent).toEqual([
      { kind: "pageView", name: "register", data: { path: "/benutzerverwaltung/registrieren" } },
      { kind: "event", name: "registration-confirmed", data: { key: "MC" } },
      {
        kind: "error",
        name: "request-failed",
        data: { status: "500", url: "/x/XX", logId: "c1", message: "boom" },
      },
    ]);
  });

  it("sends nothing when consent is refused", () => {
    const sent: AnalyticsEvent[] = [];
    new ConsentedAnalytics(memoryConsent("denied"), (e) => sent.push(e)).pageView("home", "/");
    vi.advanceTimersByTime(CONSENT_LOOKUP_LIMIT_MS);
    expect(sent).toEqual([]);
  });

  it("while undecided retries the lookup with backoff and sends once consent appears", () => {
    const sent: AnalyticsEvent[] = [];
    const consent = memoryConsent(null);
    const read = vi.spyOn(consent, "read");
    new ConsentedAnalytics(consent, (e) => sent.push(e)).pageView("home", "/");
    vi.advanceTimersByTime(5_000);
    const lookups = read.mock.calls.length;
    expect(lookups).toBeGreaterThan(2);
    expect(lookups).toBeLessThan(10); // backoff, not polling
    consent.write("granted");
    vi.advanceTimersByTime(20_000);
    expect(sent).toHaveLength(1);
  });

  it("gives up after 60 s and drops what waited", () => {
    const sent: AnalyticsEvent[] = [];
    const consent = memoryConsent(null);
    new ConsentedAnalytics(consent, (e) => sent.push(e)).pageView("home", "/");
    vi.advanceTimersByTime(CONSENT_LOOKUP_LIMIT_MS + 1);
    consent.write("granted");
    vi.advanceTimersByTime(CONSENT_LOOKUP_LIMIT_MS);
    expect(sent).toEqual([]);
  });

  it("posts contracts' AnalyticsEvent with the consent header", async () => {
    const calls: Array<[string, RequestInit]> = [];
    postEvent("/api/analytics/events", async (url, init) => {
      calls.push([String(url), init ?? {}]);
      return new Response(null, { status: 202 });
    })({ kind: "event", name: "x" });
    expect(calls[0]?.[0]).toBe("/api/analytics/events");
    expect(((calls[0]?.[1].headers ?? {}) as Record<string, string>)["x-analytics-consent"]).toBe(
      "granted",
    );
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({ kind: "event", name: "x" });
  });
});
