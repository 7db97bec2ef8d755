import type { LoginClaims } from "@portal/contracts";
import type { LoginOptions } from "@portal/core";
import type { ActionUpdate, BrowserIdentity } from "../app/browser-identity.js";

/**
 * A visitor's identity after the silent sign-in found no session: nothing to hold, so
 * keycloak-js (about 7 KB gzip) is not loaded. A login or logout loads it through `load`
 * (keycloak-js initialised for that signed-out answer) and hands the call on.
 *
 * @example
 * const identity = new KeycloakVisitor(() => import("./keycloak-js-identity.js").then(...));
 */
export class KeycloakVisitor implements BrowserIdentity {
  #loaded: Promise<BrowserIdentity> | undefined;

  constructor(private readonly load: () => Promise<BrowserIdentity>) {}

  #identity(): Promise<BrowserIdentity> {
    this.#loaded ??= this.load().catch((e: unknown) => {
      // A chunk that did not load (offline, a new deployment) is asked for again next time.
      this.#loaded = undefined;
      throw e;
    });
    return this.#loaded;
  }

  // A page that comes back from the provider carries its answer in the address, and is
  // started with keycloak-js: a visitor's page has no action to report.
  actionUpdate(): ActionUpdate | null {
    return null;
  }

  isAuthenticated(): boolean {
    return false;
  }

  claims(): LoginClaims | null {
    return null;
  }

  async token(): Promise<string | null> {
    return null;
  }

  async login(options?: LoginOptions): Promise<void> {
    return (await this.#identity()).login(options);
  }

  async logout(redirectUri?: string): Promise<void> {
    return (await this.#identity()).logout(redirectUri);
  }
}
