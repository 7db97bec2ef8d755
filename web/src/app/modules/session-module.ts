/**
 * Container module of the browser's identity session: the identity provider's session
 * (keycloak-js behind DeferredIdentity in the app, a fake in tests) and the page load's
 * sign-in check, usually the same object.
 */
import { ContainerModule } from "inversify";
import type { BrowserIdentity } from "../browser-identity.js";
import { type SessionCheck, settledSessionCheck } from "../session-check.js";
import { TOKENS } from "../tokens.js";

export interface SessionParts {
  readonly identity: BrowserIdentity;
  /** The sign-in check still running at the first render; default: answered already. */
  readonly sessionCheck?: SessionCheck | undefined;
}

export const sessionModule = ({ identity, sessionCheck }: SessionParts): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.identity).toConstantValue(identity);
    bind(TOKENS.sessionCheck).toConstantValue(sessionCheck ?? settledSessionCheck);
  });
