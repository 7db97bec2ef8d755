import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "../test-support/fakes.js";
import { startKeycloakIdentity } from "./keycloak-start.js";
import { KeycloakVisitor } from "./keycloak-visitor.js";

// Counts what keycloak-js is asked for: a visitor's page must not load it.
const keycloakJs = vi.hoisted(() => ({ created: 0 }));
vi.mock("keycloak-js", () => ({
  default: class {
    authenticated = false;
    constructor() {
      keycloakJs.created++;
    }
    init = async () => false;
    login = vi.fn(async () => undefined);
    clearToken = () => undefined;
  },
}));

// The provider on the page's own origin (jsdom's), so the silent sign-in is one fetch.
const config = {
  ...testConfig,
  identity: { ...testConfig.identity, url: window.location.origin },
};

afterEach(() => {
  vi.restoreAllMocks();
  keycloakJs.created = 0;
});

describe("startKeycloakIdentity on a public page, provider on the page's origin", () => {
  it("answers a visitor without loading keycloak-js when the silent sign-in finds no session", async () => {
    // The provider answers with its login form: no session.
    vi.spyOn(globalThis, "fetch").mockResolvedValue({
      url: `${window.location.origin}/realms/portal/login`,
      ok: true,
    } as Response);
    const identity = await startKeycloakIdentity(config, {
      locale: () => "de",
      loginRequired: false,
    });
    expect(identity).toBeInstanceOf(KeycloakVisitor);
    expect(identity.isAuthenticated()).toBe(false);
    expect(keycloakJs.created).toBe(0);
    // A login loads it.
    await identity.login();
    expect(keycloakJs.created).toBe(1);
  });

  it("a network failure of the silent sign-in leaves a visitor too", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const identity = await startKeycloakIdentity(config, {
      locale: () => "de",
      loginRequired: false,
    });
    expect(identity.isAuthenticated()).toBe(false);
    expect(keycloakJs.created).toBe(0);
  });

  it("a protected route starts keycloak-js at once", async () => {
    const identity = await startKeycloakIdentity(config, {
      locale: () => "de",
      loginRequired: true,
    });
    expect(identity).not.toBeInstanceOf(KeycloakVisitor);
    expect(keycloakJs.created).toBe(1);
  });
});
