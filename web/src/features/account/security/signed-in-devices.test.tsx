import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { renderApp } from "../../../test-support/render.js";
import { findQa, memberApi, memberClaims, qa } from "../test/account-fixtures.js";
import type { AccountDevice, AccountSession } from "./account-rest.js";
import { SignedInDevices } from "./signed-in-devices.js";

const NOW = Math.floor(Date.UTC(2026, 10, 24, 20) / 1000);
const session = (id: string, browser: string, ip: string, lastAccess: number, current = false) =>
  ({
    id,
    ipAddress: ip,
    started: NOW - 7200,
    lastAccess,
    browser,
    current,
  }) satisfies AccountSession;
const device = (id: string, os: string, osVersion: string, sessions: AccountSession[]) =>
  ({ id, os, osVersion, device: "Desktop", mobile: false, sessions }) satisfies AccountDevice;

afterEach(() => vi.unstubAllGlobals());

describe("signed-in devices: telling them apart", () => {
  // Issue 29: rows that look alike could not be told apart, and "Abmelden" meant both "sign
  // this device out" and the menu's "sign me out".
  it("tells alike rows apart by browser version, system version, times and address", async () => {
    const list = [
      device("d1", "Linux", "Unknown", [session("own", "Firefox/133", "192.168.1.x", NOW, true)]),
      device("d2", "Windows", "10", [
        session("a", "Chrome/131", "2001:db8:1::", NOW - 60),
        session("b", "Chrome/130", "203.0.113.x", NOW - 3600),
      ]),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(list)),
    );
    const { container } = await renderApp(<SignedInDevices />, {
      claims: memberClaims,
      api: memberApi,
    });
    await findQa("device-current");
    const rows = screen.getAllByTestId("device-other");
    expect(rows.map((r) => r.querySelector("h3")?.textContent)).toEqual([
      "Chrome 131 unter Windows 10",
      "Chrome 130 unter Windows 10",
    ]);
    expect(rows[1]).toHaveTextContent("203.0.113.x");
    // Each row's button says what it does to which device; the menu keeps "Abmelden".
    expect(
      within(rows[1]!).getByRole("button", { name: "Gerät abmelden: Chrome 130 unter Windows 10" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Abmelden/ })).toBeNull();
    await userEvent.setup().click(within(rows[1]!).getByRole("button"));
    const dialog = await findQa("devices-dialog");
    expect(within(dialog).getByRole("heading")).toHaveTextContent("Gerät abmelden?");
    expect(qa("devices-dialog-confirm")).toHaveTextContent("Gerät abmelden");
    await expectNoAxeViolations(container);
  });
});
