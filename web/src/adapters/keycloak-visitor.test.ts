import { describe, expect, it, vi } from "vitest";
import type { BrowserIdentity } from "../app/browser-identity.js";
import { KeycloakVisitor } from "./keycloak-visitor.js";

const loadedIdentity = (): BrowserIdentity => ({
  actionUpdate: () => null,
  isAuthenticated: () => false,
  claims: () => null,
  token: async () => null,
  login: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
});

describe("KeycloakVisitor", () => {
  it("is signed out and loads nothing while nobody signs in", async () => {
    const load = vi.fn(async () => loadedIdentity());
    const visitor = new KeycloakVisitor(load);
    expect(visitor.isAuthenticated()).toBe(false);
    expect(visitor.claims()).toBeNull();
    expect(visitor.actionUpdate()).toBeNull();
    expect(await visitor.token()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("loads keycloak-js once for a login and hands the call on", async () => {
    const identity = loadedIdentity();
    const load = vi.fn(async () => identity);
    const visitor = new KeycloakVisitor(load);
    await visitor.login({ action: "UPDATE_PASSWORD" });
    await visitor.logout("https://portal.example/");
    expect(identity.login).toHaveBeenCalledWith({ action: "UPDATE_PASSWORD" });
    expect(identity.logout).toHaveBeenCalledWith("https://portal.example/");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks for the chunk again after it failed to load", async () => {
    const identity = loadedIdentity();
    const load = vi
      .fn<() => Promise<BrowserIdentity>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(identity);
    const visitor = new KeycloakVisitor(load);
    await expect(visitor.login()).rejects.toThrow("Failed to fetch");
    await visitor.login();
    expect(identity.login).toHaveBeenCalledTimes(1);
  });
});
