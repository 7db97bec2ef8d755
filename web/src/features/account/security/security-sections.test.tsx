import type { SecurityEventPage } from "@portal/contracts";
import { waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import { findQa, memberApi, memberClaims, qa, queryQa } from "../test/account-fixtures.js";
import type { AccountDevice } from "./account-rest.js";
import { RecentActivity } from "./recent-activity.js";
import { SignedInDevices } from "./signed-in-devices.js";

const NOW = Math.floor(Date.UTC(2026, 10, 24, 20) / 1000);
const DEVICES: AccountDevice[] = [
  {
    id: "d1",
    os: "Linux",
    osVersion: "Unknown",
    device: "Desktop",
    mobile: false,
    sessions: [
      {
        id: "s-own",
        ipAddress: "192.168.1.x",
        started: NOW - 600,
        lastAccess: NOW,
        browser: "Firefox/133",
        current: true,
      },
    ],
  },
  {
    id: "d2",
    os: "Windows",
    osVersion: "10",
    device: "Desktop",
    mobile: false,
    sessions: [
      {
        id: "s/other",
        ipAddress: "2001:db8:1::",
        started: NOW - 7200,
        lastAccess: NOW - 60,
        browser: "Chrome/131.0.6778",
        current: false,
      },
    ],
  },
];

/** A fake of the account REST API: the devices list and the sign-outs it was asked for. */
const stubAccountRest = (devices: AccountDevice[]) => {
  const calls: string[] = [];
  let list = devices;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${input}`);
      expect(new Headers(init?.headers).get("authorization")).toBe("Bearer test-token");
      if ((init?.method ?? "GET") === "GET") return Response.json(list);
      list = list.filter((d) => d.sessions.some((s) => s.current));
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
};

afterEach(() => vi.unstubAllGlobals());

describe("signed-in devices", () => {
  it("lists the sessions with this device first and signs out another after confirming", async () => {
    const user = userEvent.setup();
    const calls = stubAccountRest(DEVICES);
    const { container } = await renderApp(<SignedInDevices />, {
      claims: memberClaims,
      api: memberApi,
    });
    const current = await findQa("device-current");
    // Named as the activity names it: versions only where two rows would read alike.
    expect(current).toHaveTextContent("Firefox unter Linux");
    expect(current).toHaveTextContent("Dieses Gerät");
    expect(within(current).queryByRole("button")).toBeNull();
    expect(qa("device-other")).toHaveTextContent("2001:db8:1::");
    await expectNoAxeViolations(container);
    await user.click(qa("device-sign-out"));
    expect(await findQa("devices-dialog")).toHaveTextContent("Chrome unter Windows");
    await expectNoAxeViolations(container);
    await user.click(qa("devices-dialog-confirm"));
    expect(await findQa("devices-signed-out")).toBeInTheDocument();
    expect(calls).toContain(
      "DELETE http://localhost:8080/realms/portal/account/sessions/s%2Fother",
    );
    await waitFor(() => expect(queryQa("device-other")).toBeNull());
  });

  it("signs out all other devices with Keycloak's DELETE /sessions; cancelling does nothing", async () => {
    const user = userEvent.setup();
    const calls = stubAccountRest(DEVICES);
    await renderApp(<SignedInDevices />, { claims: memberClaims, api: memberApi });
    await user.click(await findQa("devices-sign-out-others"));
    await user.click(qa("devices-dialog-cancel"));
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);
    await user.click(qa("devices-sign-out-others"));
    await user.click(qa("devices-dialog-confirm"));
    await findQa("devices-signed-out");
    expect(calls).toContain("DELETE http://localhost:8080/realms/portal/account/sessions");
  });

  // QA #8: the confirmed sign-out removes the button that opened the dialog; focus goes to
  // the outcome, not to the page's body. A cancelled dialog gives focus back to its opener.
  // QA2 #2: the outcome that takes the focus names what was signed out: one device, or all
  // the others.
  it.each([
    ["one device", "device-sign-out", "devices-signed-out", 204, "Das Gerät wurde abgemeldet."],
    [
      "all other devices",
      "devices-sign-out-others",
      "devices-signed-out",
      204,
      "Alle anderen Geräte wurden abgemeldet.",
    ],
    [
      "one device, refused",
      "device-sign-out",
      "devices-sign-out-failed",
      500,
      "Das Gerät konnte nicht abgemeldet werden. Bitte versuchen Sie es erneut.",
    ],
    [
      "all other devices, refused",
      "devices-sign-out-others",
      "devices-sign-out-failed",
      500,
      "Die anderen Geräte konnten nicht abgemeldet werden. Bitte versuchen Sie es erneut.",
    ],
  ] as const)(
    "after signing out %s from the keyboard, focus is on the outcome, which says so",
    async (_, opener, outcome, status, text) => {
      const user = userEvent.setup();
      const calls = stubAccountRest(DEVICES);
      if (status !== 204) {
        const ok = globalThis.fetch;
        vi.stubGlobal(
          "fetch",
          vi.fn(async (input: string, init?: RequestInit) =>
            (init?.method ?? "GET") === "GET" ? ok(input, init) : new Response(null, { status }),
          ),
        );
      }
      await renderApp(<SignedInDevices />, { claims: memberClaims, api: memberApi });
      (await findQa(opener)).focus();
      await user.keyboard("{Enter}");
      await findQa("devices-dialog");
      expect(qa("devices-dialog-cancel")).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(qa(opener)).toHaveFocus();
      await user.keyboard("{Enter}");
      await user.tab({ shift: true });
      expect(qa("devices-dialog-confirm")).toHaveFocus();
      await user.keyboard("{Enter}");
      const notice = await findQa(outcome);
      expect(notice).toHaveTextContent(text);
      await waitFor(() => expect(notice).toHaveFocus());
      if (status === 204) await waitFor(() => expect(queryQa(opener)).toBeNull());
      expect(notice).toHaveFocus();
      expect(calls.filter((c) => c.startsWith("GET")).length).toBeGreaterThan(0);
    },
  );

  it("keeps the dialog busy while the sign-out runs: a second press sends nothing more", async () => {
    const user = userEvent.setup();
    const calls = stubAccountRest(DEVICES);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const list = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        if ((init?.method ?? "GET") !== "GET") await held;
        return list(input, init);
      }),
    );
    await renderApp(<SignedInDevices />, { claims: memberClaims, api: memberApi });
    await user.click(await findQa("device-sign-out"));
    await user.dblClick(qa("devices-dialog-confirm"));
    expect(qa("devices-dialog-confirm")).toHaveAttribute("aria-busy", "true");
    expect(qa("devices-dialog-cancel")).toHaveAttribute("aria-disabled", "true");
    await user.keyboard("{Escape}");
    expect(qa("devices-dialog")).toBeInTheDocument();
    release();
    expect(await findQa("devices-signed-out")).toBeInTheDocument();
    expect(queryQa("devices-dialog")).toBeNull();
    expect(calls.filter((c) => c.startsWith("DELETE"))).toHaveLength(1);
  });

  it("says so when the list cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    await renderApp(<SignedInDevices />, { claims: memberClaims, api: memberApi });
    expect(await findQa("devices-load-failed")).toBeInTheDocument();
  });
});

describe("recent activity", () => {
  const page = (from: number, count: number, next?: string): SecurityEventPage => ({
    events: Array.from({ length: count }, (_, i) => ({
      id: `e${from + i}`,
      kind: i % 2 === 0 ? "sign-in" : "password-changed",
      at: new Date((NOW - (from + i) * 60) * 1000).toISOString(),
      browser: "Firefox",
      os: "Linux",
      address: "192.168.1.x",
    })),
    ...(next ? { next } : {}),
  });

  it("lists the events newest first and loads older ones by cursor", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<RecentActivity />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getActivity: (query: { before?: string }) =>
          answer(query.before === "e19" ? page(20, 3) : page(0, 20, "e19")),
      },
    });
    expect(await findQa("activity-list")).toBeInTheDocument();
    const items = () => document.querySelectorAll(".activity");
    expect(items()).toHaveLength(20);
    expect(items()[0]).toHaveTextContent("Angemeldet");
    expect(items()[0]).toHaveTextContent("Firefox unter Linux · 192.168.1.x");
    await expectNoAxeViolations(container);
    await user.click(qa("activity-more"));
    await waitFor(() => expect(items()).toHaveLength(23));
    expect(queryQa("activity-more")).toBeNull();
    expect(api.calls.filter((c) => c.method === "getActivity").map((c) => c.args)).toEqual([
      // The first page loads with a signal (leaving the page cancels it).
      [{}, { signal: expect.any(AbortSignal) }],
      [{ before: "e19" }],
    ]);
  });

  it("names the factor of a factor event in the page's language", async () => {
    await renderApp(<RecentActivity />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getActivity: () =>
          answer({
            events: [
              {
                id: "f1",
                kind: "second-factor-added",
                at: new Date().toISOString(),
                factor: "AUTHENTICATOR_APP",
              },
            ],
          }),
      },
    });
    expect(await findQa("activity-second-factor-added")).toHaveTextContent(
      "Zweiter Faktor eingerichtet",
    );
    expect(qa("activity-second-factor-added")).toHaveTextContent("Authenticator-App");
  });

  it("shows an empty state", async () => {
    await renderApp(<RecentActivity />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getActivity: () => answer({ events: [] }),
      },
    });
    expect(await findQa("activity-empty")).toHaveTextContent("Keine Aktivitäten");
  });
});

// Issue 46: "device names differ between the devices list and the activity", and "a passkey
// sign-in shows in the activity as a plain 'signed in'".
describe("one device, one name", () => {
  it("the signed-in devices, the remembered browsers and the activity name it alike", async () => {
    stubAccountRest(DEVICES.slice(0, 1));
    const remembered = {
      id: "r1",
      browser: "Firefox",
      os: "Linux",
      createdAt: "2026-11-01T10:00:00.000Z",
      lastUsedAt: "2026-11-20T08:00:00.000Z",
      expiresAt: "2026-12-01T10:00:00.000Z",
    };
    await renderApp(
      <>
        <SignedInDevices />
        <RecentActivity />
      </>,
      {
        claims: memberClaims,
        api: {
          ...memberApi,
          getRememberedDevices: () => answer([remembered]),
          getActivity: () =>
            answer({
              events: [
                {
                  id: "e1",
                  kind: "sign-in",
                  at: new Date(NOW * 1000).toISOString(),
                  browser: "Firefox",
                  os: "Linux",
                  address: "192.168.1.x",
                  factor: "passkey",
                },
              ],
            }),
        },
      },
    );
    const name = "Firefox unter Linux";
    expect((await findQa("device-current")).querySelector("h3")).toHaveTextContent(name);
    expect((await findQa("remembered-device")).querySelector("h4")).toHaveTextContent(name);
    const event = await findQa("activity-sign-in");
    expect(event).toHaveTextContent(`${name} · 192.168.1.x`);
    expect(event.querySelector(".activity__what")).toHaveTextContent("Mit Passkey angemeldet");
  });
});
