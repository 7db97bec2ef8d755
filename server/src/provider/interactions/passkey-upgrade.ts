import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { FastifyReply } from "fastify";
import { passkeyDisplayName, passkeysOf, passkeyUserHandle } from "../../credentials/index.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { SUPPORT_CLIENT_ID } from "../oidc/provider.js";
import { passkeyUpgradePage } from "../pages/passkey-upgrade-page.js";
import { continueFlow, type Flow, field, sendPage } from "./flow.js";
import { newChallenge, takeChallenge } from "./passkey-challenges.js";
import { parseRegistrationResponse } from "./passkey-responses.js";
import { storePasskey } from "./passkey-steps.js";

// Issue 49: a passkey created without a dialog right after a password sign-in, where the
// browser can (WebAuthn's conditional create; Chrome's password manager does it for an
// address whose saved password was just used). Never in the way of the sign-in:
// - the sign-in page's script posts `passkey_upgrade=conditional-create` only where
//   getClientCapabilities() says so; the password step then sets a cookie on this
//   interaction's path, so no other browser ever sees the extra page;
// - the offer comes only once the sign-in is complete (password and, if any, second factor,
//   as `finish` would record it): a password alone never adds a way in;
// - the page waits for the browser at most UPGRADE_WAIT_MS, then goes on without a passkey;
//   whatever the browser answers (nothing, a refusal, garbage) the sign-in finishes.
// The new passkey is stored and announced like any other (storePasskey: activity and alert).
// The person can turn the offer off on the security page (persons.passkey_upgrade).

/** The form field of the sign-in page that says the browser can create without a dialog. */
export const UPGRADE_FIELD = "passkey_upgrade";
const UPGRADE_VALUE = "conditional-create";
const COOKIE = "PORTAL_PASSKEY_UPGRADE";

/** How long the page waits for the browser's conditional create (ms). */
export const UPGRADE_WAIT_MS = 3_000;

const setCookie = (flow: Flow, value: string, maxAge: number): void => {
  const secure = flow.request.protocol === "https" ? "; Secure" : "";
  flow.reply.header(
    "set-cookie",
    `${COOKIE}=${value}; Path=${flow.base}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
};

const hasCookie = (flow: Flow): boolean =>
  (flow.request.headers.cookie ?? "")
    .split(";")
    .some((pair) => pair.trim() === `${COOKIE}=${UPGRADE_VALUE}`);

/**
 * After the right password: when the sign-in page said the browser can create a passkey
 * without a dialog, remembers it for this interaction (its pages' path, as long as it lives).
 */
export const noteUpgradeCapability = (flow: Flow): void => {
  if (upgradeAsked(flow)) setCookie(flow, UPGRADE_VALUE, 30 * 60);
};

/** The sign-in page said this browser can create a passkey without a dialog. */
export const upgradeAsked = (flow: Flow): boolean => field(flow, UPGRADE_FIELD) === UPGRADE_VALUE;

/** The person this interaction's own sign-in proved, both steps; else undefined. */
const signedInHere = (flow: Flow): string | undefined => {
  const { state } = flow;
  return state?.passwordAt && state.secondFactorAt ? state.personId : undefined;
};

/**
 * Sends the upgrade page when this interaction's own password sign-in of `personId` just
 * completed in a browser that can take it: true when it did, false to finish as usual (a
 * boolean, not the reply: Fastify's reply is a thenable, which `await` would unwrap).
 * Offered once: the cookie goes with the page.
 */
export const offerPasskeyUpgrade = async (flow: Flow, personId: string): Promise<boolean> => {
  if (!hasCookie(flow)) return false;
  setCookie(flow, "", 0);
  if (signedInHere(flow) !== personId || !flow.state?.amr?.includes("pwd")) return false;
  // Staff signing in the support CLI get no passkey from a device grant's browser.
  if ((flow.details.params as Record<string, unknown>).client_id === SUPPORT_CLIENT_ID) {
    return false;
  }
  const { db, relyingParty, clock } = flow.deps;
  const person = await findAccountRow(db, personId);
  // Turned off on the security page: the sign-in finishes as in any other browser.
  if (!person || person.securedAt || !person.passkeyUpgrade) return false;
  const own = await passkeysOf(db, personId);
  const options = await generateRegistrationOptions({
    challenge: newChallenge(flow.uid, "upgrade", personId, clock.now()),
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    // The address: the password manager creates a passkey only for the account whose
    // saved password was just used, and matches it by this name.
    userName: person.email,
    userID: passkeyUserHandle(personId),
    userDisplayName: passkeyDisplayName(person),
    timeout: UPGRADE_WAIT_MS,
    attestationType: "none",
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      // A conditional create verifies nobody (no dialog); the passkey still must verify
      // the person each time it signs in (passkey-steps.ts: requireUserVerification).
      userVerification: "preferred",
    },
  });
  sendPage(
    flow,
    passkeyUpgradePage(flow.ctx, {
      action: `${flow.base}/passkey-upgrade`,
      options,
      waitMs: UPGRADE_WAIT_MS,
    }),
  );
  return true;
};

/**
 * POST passkey-upgrade: stores the passkey the browser created, if it did and the answer
 * is right for this interaction's challenge; then the sign-in goes on either way.
 */
export const submitPasskeyUpgrade = async (flow: Flow): Promise<FastifyReply> => {
  const personId = signedInHere(flow);
  const response = parseRegistrationResponse(field(flow, "credential"));
  if (!personId || !response) return continueFlow(flow);
  const { db, relyingParty, clock } = flow.deps;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(db, flow.uid, "upgrade", challenge, personId, clock.now()),
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: false,
    });
    if (result.verified) {
      await storePasskey(
        flow,
        personId,
        result.registrationInfo,
        response.response.transports ?? [],
        "",
      );
    }
  } catch (error) {
    flow.request.log.info({ err: error }, "passkey upgrade refused");
  }
  return continueFlow(flow);
};
