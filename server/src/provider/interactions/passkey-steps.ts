import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { FastifyReply } from "fastify";
import {
  authenticatorName,
  cleanPasskeyName,
  factorOrigin,
  onPasskeyAdded,
  type PasskeyEventContext,
  passkeyByCredentialId,
  passkeyDisplayName,
  passkeysInUse,
  passkeysOf,
  passkeyUserHandle,
  recordPasskeyUse,
  storedDefaultName,
} from "../../credentials/index.js";
import { type PasskeyRow, passkeys } from "../../db/schema/passkeys.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { type Html, message } from "../pages/html.js";
import { browserPasskeyName } from "../pages/passkey-labels.js";
import { passkeySecondFactor, passkeySignIn, registerPasskeyPage } from "../pages/passkey-pages.js";
import { providerTexts } from "../pages/texts.js";
import { type Flow, field, finish, sendPage } from "./flow.js";
import { newChallenge, takeChallenge } from "./passkey-challenges.js";
import { parseAuthenticationResponse, parseRegistrationResponse } from "./passkey-responses.js";

/** How long the browser's passkey dialog may stay open (ms). */
const DIALOG_TIMEOUT_MS = 120_000;

/** The context of a passkey event in this request (see credentials/passkeys/passkey-events.ts). */
export const passkeyEventContext = (flow: Flow): PasskeyEventContext => ({
  ...flow.deps.activity,
  findPerson: (personId) => findAccountRow(flow.deps.db, personId),
  log: flow.request.log,
  userAgent: flow.request.headers["user-agent"],
});

/**
 * The passkey form of the sign-in page: options of a new challenge of this interaction.
 * Without `autofill` (after a refused passkey) the username's autofill does not offer
 * passkeys again, so a refused one is not sent again by itself. `only`: the passkeys the
 * browser may offer (the confirm page's person's own), else any passwordless one.
 */
export const passkeySignInOffer = async (
  flow: Flow,
  autofill = true,
  only?: ReadonlyArray<PasskeyRow>,
): Promise<Html> => {
  const options = await generateAuthenticationOptions({
    // Stateless until used (challenges.ts): nothing stored for a page that is never answered.
    challenge: newChallenge(flow.uid, "login", null, flow.deps.clock.now()),
    rpID: flow.deps.relyingParty.id,
    ...(only
      ? { allowCredentials: only.map((p) => ({ id: p.credentialId, transports: p.transports })) }
      : {}),
    userVerification: "required",
    timeout: DIALOG_TIMEOUT_MS,
  });
  return passkeySignIn(flow.ctx, `${flow.base}/passkey`, options, autofill);
};

/**
 * The passkey offer of the second-factor step, when the person has passkeys; `secondary`
 * beside a code factor (one of the other ways).
 */
export const passkeySecondFactorOffer = async (
  flow: Flow,
  personId: string,
  secondary = false,
): Promise<Html | undefined> => {
  const own = await passkeysInUse(flow.deps.db, personId);
  if (own.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    challenge: newChallenge(flow.uid, "second-factor", personId, flow.deps.clock.now()),
    rpID: flow.deps.relyingParty.id,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: "preferred",
    timeout: DIALOG_TIMEOUT_MS,
  });
  return passkeySecondFactor(flow.ctx, `${flow.base}/passkey`, options, secondary);
};

/**
 * Verifies a sign-in with a passkey of this interaction: the challenge taken once, the
 * signature checked against the stored key, the counter raised in one statement. For a
 * sign-in without password the passkey must be a passwordless one and the person
 * verified by the authenticator; as a second factor it must be the person's own.
 * Returns the person, or undefined when refused. A passkey "This wasn't me" suspended
 * (credentials/suspended-factors/suspended-factors.ts) is verified but signs nobody in: `suspended`
 * says so, so the page can tell its holder how the account opens now; its use is not recorded.
 */
export const verifyPasskeyUse = async (
  flow: Flow,
  purpose: "login" | "second-factor",
  forPerson: string | null,
): Promise<{ readonly personId: string; readonly suspended: boolean } | undefined> => {
  const response = parseAuthenticationResponse(field(flow, "credential"));
  if (!response) return undefined;
  const { db, relyingParty } = flow.deps;
  const passkey = await passkeyByCredentialId(db, response.id);
  if (!passkey) return undefined;
  if (purpose === "login" && !passkey.passwordless) return undefined;
  if (forPerson !== null && passkey.personId !== forPerson) return undefined;
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(db, flow.uid, purpose, challenge, forPerson, flow.deps.clock.now()),
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: purpose === "login",
    });
  } catch (error) {
    flow.request.log.info({ err: error }, "passkey response refused");
    return undefined;
  }
  if (!result.verified) return undefined;
  if (passkey.suspendedAt) return { personId: passkey.personId, suspended: true };
  const recorded = await recordPasskeyUse(
    db,
    passkey.id,
    result.authenticationInfo.newCounter,
    flow.deps.clock.now(),
  );
  return recorded ? { personId: passkey.personId, suspended: false } : undefined;
};

/**
 * Shows Keycloak's `webauthn-register(-passwordless)` page with a new challenge. Both
 * names register the one kind of passkey: discoverable and verifying the person, so it
 * signs in without a password and is asked for as the second factor after one.
 */
export const showRegisterPasskey = async (
  flow: Flow,
  personId: string,
  error?: string,
  name?: string,
): Promise<FastifyReply> => {
  const person = await findAccountRow(flow.deps.db, personId);
  if (!person) return finish(flow, personId, "error");
  const { relyingParty } = flow.deps;
  const own = await passkeysOf(flow.deps.db, personId);
  const options = await generateRegistrationOptions({
    challenge: newChallenge(flow.uid, "register-passwordless", personId, flow.deps.clock.now()),
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userName: person.email,
    userID: passkeyUserHandle(personId),
    // What the password manager shows under the address (signalCurrentUserDetails keeps it).
    userDisplayName: passkeyDisplayName(person),
    timeout: DIALOG_TIMEOUT_MS,
    attestationType: "none",
    // A device that holds one of them already refuses (InvalidStateError; the page says so).
    excludeCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    },
  });
  return sendPage(
    flow,
    registerPasskeyPage(flow.ctx, {
      action: `${flow.base}/webauthn-register`,
      options,
      name: name ?? suggestedName(flow),
      error: error ? message("error", error, "passkey-register-error") : undefined,
    }),
  );
};

/** The name the page suggests: the browser and system of this request ("Chrome on Linux"). */
const suggestedName = (flow: Flow): string =>
  browserPasskeyName(flow.request.headers["user-agent"], flow.ctx.language);

/**
 * Stores the passkey the browser created for `personId` after checking the answer against
 * this interaction's challenge (taken once), with user verification. A name left as
 * suggested (or empty) becomes the passkey provider's, when its AAGUID is a well-known
 * one ("iCloud Keychain"), else stays the browser's. Ends the action with Keycloak's status.
 */
export const registerPasskey = async (flow: Flow, personId: string): Promise<FastifyReply> => {
  const typed = cleanPasskeyName(field(flow, "name"));
  const t = providerTexts(flow.ctx.language, "passkey");
  const response = parseRegistrationResponse(field(flow, "credential"));
  if (!response) return showRegisterPasskey(flow, personId, t.registerFailed, typed);
  const { db, relyingParty } = flow.deps;
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(
          db,
          flow.uid,
          "register-passwordless",
          challenge,
          personId,
          flow.deps.clock.now(),
        ),
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
    });
  } catch (error) {
    flow.request.log.info({ err: error }, "passkey registration refused");
    return showRegisterPasskey(flow, personId, t.registerFailed, typed);
  }
  if (!result.verified) return showRegisterPasskey(flow, personId, t.registerFailed, typed);
  const suggested = suggestedName(flow);
  const row = await storePasskey(
    flow,
    personId,
    result.registrationInfo,
    response.response.transports ?? [],
    typed === suggested ? "" : typed,
  );
  if (!row) return finish(flow, personId, "error");
  return finish(flow, personId, "success");
};

type RegistrationInfo = NonNullable<
  Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"]
>;

/**
 * Stores a verified new passkey of `personId` and announces it (activity and alert mail,
 * credentials/passkeys/passkey-events.ts). `typed` empty: named after its provider when its AAGUID
 * is a well-known one ("iCloud Keychain"), else stored without words of this page's language,
 * so every reader sees it in their own (issue 46). Undefined when the authenticator's
 * credential is stored already (the browser normally prevents it): not a second row.
 */
export const storePasskey = async (
  flow: Flow,
  personId: string,
  info: RegistrationInfo,
  transports: ReadonlyArray<string>,
  typed: string,
): Promise<PasskeyRow | undefined> => {
  const userAgent = flow.request.headers["user-agent"];
  const name = typed || (authenticatorName(info.aaguid) ?? storedDefaultName(userAgent));
  const [row] = await flow.deps.db
    .insert(passkeys)
    .values({
      personId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: [...transports],
      name,
      passwordless: true,
      createdFrom: factorOrigin(userAgent),
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) return undefined;
  await onPasskeyAdded(passkeyEventContext(flow), {
    personId,
    passkeyId: row.id,
    name: row.name,
    passwordless: true,
  });
  return row;
};
