import type { RememberedDevice } from "@portal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import { findQa, memberApi, memberClaims, qa, queryQa } from "../test/account-fixtures.js";
import { RememberedDevices } from "./remembered-devices.js";

// Issue 34: the browsers that skip the second factor, listed with the signed-in devices,
// forgotten one by one or all at once.

const device = (id: string, browser: string, os: string): RememberedDevice => ({
  id,
  browser,
  os,
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: "2026-11-20T08:00:00.000Z",
  expiresAt: "2026-12-01T10:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("remembered devices", () => {
  // Issue 46: "remembered browsers carry no 'this device' mark". The provider's account
  // REST, which sees the remembered browser's cookie, names the row.
  it("marks the browser it is asked from as this device", async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        seen.push(input);
        return Response.json({ id: "d2" });
      }),
    );
    await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getRememberedDevices: () =>
          answer([device("d1", "Firefox", "Linux"), device("d2", "Chrome", "Windows")]),
      },
    });
    const rows = await screen.findAllByTestId("remembered-device");
    await waitFor(() => expect(rows[1]).toHaveTextContent("Dieses Gerät"));
    expect(rows[0]).not.toHaveTextContent("Dieses Gerät");
    expect(seen).toEqual(["http://localhost:8080/realms/portal/account/remembered-device"]);
  });

  it("lists each with its dates and forgets one; the notice takes the focus", async () => {
    let list = [device("d1", "Firefox", "Linux"), device("d2", "Chrome", "Unknown")];
    const { container, api } = await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getRememberedDevices: () => answer(list),
        forgetRememberedDevice: (id: string) => {
          list = list.filter((d) => d.id !== id);
          return answer(undefined);
        },
      },
    });
    await findQa("remembered-devices-list");
    const rows = screen.getAllByTestId("remembered-device");
    expect(rows.map((r) => r.querySelector("h4")?.textContent)).toEqual([
      "Firefox unter Linux",
      "Chrome unter unbekanntem System",
    ]);
    expect(rows[0]).toHaveTextContent("01.11.2026");
    expect(rows[0]).toHaveTextContent("01.12.2026");
    await expectNoAxeViolations(container);
    const forget = within(rows[0]!).getByRole("button", {
      name: "Gerät vergessen: Firefox unter Linux",
    });
    await userEvent.setup().click(forget);
    const notice = await findQa("remembered-devices-forgotten");
    expect(notice).toHaveTextContent("wieder verlangt");
    await waitFor(() => expect(notice).toHaveFocus());
    await waitFor(() => expect(screen.getAllByTestId("remembered-device")).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === "forgetRememberedDevice")).toEqual([
      { method: "forgetRememberedDevice", args: ["d1"] },
    ]);
    // One left: no "forget all" for a single device.
    expect(queryQa("remembered-devices-forget-all")).toBeNull();
  });

  it("forgets all at once, in English", async () => {
    let list = [device("d1", "Firefox", "Linux"), device("d2", "Safari", "macOS")];
    const { api } = await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      language: "en",
      api: {
        ...memberApi,
        getRememberedDevices: () => answer(list),
        forgetRememberedDevices: () => {
          list = [];
          return answer(undefined);
        },
      },
    });
    await userEvent.setup().click(await findQa("remembered-devices-forget-all"));
    expect(await findQa("remembered-devices-forgotten")).toHaveTextContent(
      "All devices have been forgotten",
    );
    await waitFor(() => expect(queryQa("remembered-devices-list")).toBeNull());
    expect(api.calls.map((c) => c.method)).toContain("forgetRememberedDevices");
  });

  it("shows nothing when no device is remembered, and says so when the list fails", async () => {
    const empty = await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      api: memberApi,
    });
    await waitFor(() =>
      expect(empty.api.calls.map((c) => c.method)).toContain("getRememberedDevices"),
    );
    expect(queryQa("remembered-devices")).toBeNull();
    empty.unmount();
    await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      language: "fr",
      api: {
        ...memberApi,
        getRememberedDevices: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }])),
      },
    });
    expect(await findQa("remembered-devices-load-failed")).toHaveTextContent(
      "Les appareils mémorisés n'ont pas pu être chargés.",
    );
    expect(qa("remembered-devices")).toBeInTheDocument();
  });

  it("says so when forgetting fails, and keeps the device", async () => {
    const list = [device("d1", "Firefox", "Linux")];
    await renderApp(<RememberedDevices />, {
      claims: memberClaims,
      api: {
        ...memberApi,
        getRememberedDevices: () => answer(list),
        forgetRememberedDevice: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }])),
      },
    });
    await userEvent.setup().click(await findQa("remembered-device-forget"));
    expect(await findQa("remembered-devices-forget-failed")).toBeInTheDocument();
    expect(screen.getAllByTestId("remembered-device")).toHaveLength(1);
  });
});
