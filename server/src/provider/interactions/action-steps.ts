import { RECOVERY_CODES_ACTION } from "@portal/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { reportFactorChange } from "../../activity/factor-events.js";
import {
  acceptedStep,
  factorOrigin,
  forgetRecoveryCodes,
  groupSecret,
  newTotpSecret,
  onPasskeyRemoved,
  otpauthUri,
  passkeysOf,
  qrCodeDataUrl,
  removePasskey,
  revokeRememberedDevices,
} from "../../credentials/index.js";
import { mfaCredentials } from "../../db/schema/mfa-credentials.js";
import { sealSecret, TOTP_SECRET } from "../../security/sealed-secret.js";
import { findAccountRow } from "../oidc/account-claims.js";
import {
  configureEmailOtpPage,
  configureTotpPage,
  deleteCredentialPage,
} from "../pages/action-pages.js";
import { message } from "../pages/html.js";
import { passkeyLabel } from "../pages/passkey-labels.js";
import { providerTexts } from "../pages/texts.js";
import { hasSecondFactor, mayResendEmailCode, sendEmailCode, useEmailCode } from "./factors.js";
import {
  authenticatedPerson,
  type Flow,
  field,
  finish,
  REAUTH_AFTER_SECONDS,
  sendPage,
  signInAgeSeconds,
} from "./flow.js";
import { writeLoginState } from "./login-state.js";
import { passkeyEventContext, registerPasskey, showRegisterPasskey } from "./passkey-steps.js";
import { showRecoveryCodesSetup } from "./recovery-setup-steps.js";

/** The application-initiated actions the provider knows (Keycloak's names). */
export type KcAction =
  | { readonly kind: "CONFIGURE_TOTP" }
  | { readonly kind: "CONFIGURE_EMAIL_OTP" }
  | { readonly kind: "webauthn-register" }
  | { readonly kind: "webauthn-register-passwordless" }
  | { readonly kind: "CONFIGURE_RECOVERY_AUTHN_CODES" }
  | { readonly kind: "delete_credential"; readonly credentialId: string };

/**
 * Reads a `kc_action` value; undefined for an unknown action.
 *
 * @example
 * parseKcAction("delete_credential:abc"); // { kind: "delete_credential", credentialId: "abc" }
 */
export const parseKcAction = (value: string): KcAction | undefined => {
  if (value.toUpperCase() === "CONFIGURE_TOTP") return { kind: "CONFIGURE_TOTP" };
  if (value.toUpperCase() === "CONFIGURE_EMAIL_OTP") return { kind: "CONFIGURE_EMAIL_OTP" };
  if (value.toLowerCase() === "webauthn-register") return { kind: "webauthn-register" };
  if (value.toLowerCase() === "webauthn-register-passwordless") {
    return { kind: "webauthn-register-passwordless" };
  }
  if (value.toUpperCase() === RECOVERY_CODES_ACTION) return { kind: RECOVERY_CODES_ACTION };
  const match = /^delete_credential:([0-9a-f-]{36})$/i.exec(value);
  return match?.[1]
    ? { kind: "delete_credential", credentialId: match[1].toLowerCase() }
    : undefined;
};

const credentialsOf = (flow: Flow, personId: string) =>
  flow.deps.db.select().from(mfaCredentials).where(eq(mfaCredentials.personId, personId));

const showTotp = async (flow: Flow, personId: string, error?: string): Promise<FastifyReply> => {
  const person = await findAccountRow(flow.deps.db, personId);
  if (!person) return finish(flow, personId, "error");
  let secret = flow.state?.pendingTotpSecret;
  if (!secret) {
    secret = newTotpSecret();
    await writeLoginState(
      flow.deps.db,
      flow.uid,
      personId,
      { pendingTotpSecret: secret },
      flow.deps.clock.now(),
    );
  }
  const existing = await credentialsOf(flow, personId);
  const uri = otpauthUri(secret, person.email, flow.deps.associationName);
  return sendPage(
    flow,
    configureTotpPage(flow.ctx, {
      action: `${flow.base}/totp`,
      qrDataUrl: await qrCodeDataUrl(uri),
      otpauthUri: uri,
      secret: groupSecret(secret),
      replacesEmail: existing.some((c) => c.type === "EMAIL"),
      error: error ? { text: error, qa: "totp-error" } : undefined,
    }),
  );
};

/** The e-mail code set-up; `problem` is the refused code's (at the field) or the page's. */
const showEmailOtp = async (
  flow: Flow,
  personId: string,
  problem?: { readonly code?: string; readonly page?: string },
): Promise<FastifyReply> => {
  const person = await findAccountRow(flow.deps.db, personId);
  if (!person) return finish(flow, personId, "error");
  const codeSent = Boolean(flow.state?.emailCodeHash);
  return sendPage(
    flow,
    configureEmailOtpPage(flow.ctx, {
      action: `${flow.base}/email-otp`,
      email: person.email,
      codeSent,
      codeError: problem?.code ? { text: problem.code, qa: "email-otp-error" } : undefined,
      error: problem?.page ? message("error", problem.page, "email-otp-error") : undefined,
    }),
  );
};

/** Shows the page of a pending application-initiated action. */
export const showAction = async (
  flow: Flow,
  personId: string,
  value: string,
): Promise<FastifyReply> => {
  const action = parseKcAction(value);
  if (!action) return finish(flow, personId, "error");
  if (action.kind === "CONFIGURE_TOTP") return showTotp(flow, personId);
  if (action.kind === "CONFIGURE_EMAIL_OTP") return showEmailOtp(flow, personId);
  if (action.kind === "webauthn-register" || action.kind === "webauthn-register-passwordless") {
    return showRegisterPasskey(flow, personId);
  }
  if (action.kind === RECOVERY_CODES_ACTION) return showRecoveryCodesSetup(flow, personId);
  const credential = (await credentialsOf(flow, personId)).find(
    (c) => c.id === action.credentialId,
  );
  const passkey = credential
    ? undefined
    : (await passkeysOf(flow.deps.db, personId)).find((p) => p.id === action.credentialId);
  if (!credential && !passkey) return finish(flow, personId, "error");
  const t = flow.ctx.texts;
  return sendPage(
    flow,
    deleteCredentialPage(flow.ctx, {
      action: `${flow.base}/delete-credential`,
      title: passkey ? providerTexts(flow.ctx.language, "passkey").removeTitle : undefined,
      factorName: passkey
        ? passkeyLabel(passkey.name, flow.ctx.language)
        : credential?.type === "AUTHENTICATOR_APP"
          ? t.factorApp
          : t.factorEmail,
    }),
  );
};

/**
 * The person allowed to run the action in this request: authenticated, with the password
 * entered in the last 5 minutes, and the action actually requested.
 */
export const actor = async (flow: Flow, kind: KcAction["kind"]): Promise<string | undefined> => {
  const personId = authenticatedPerson(flow);
  const requested = parseKcAction(
    String((flow.details.params as Record<string, unknown>).kc_action ?? ""),
  );
  if (!personId || requested?.kind !== kind) return undefined;
  const age = await signInAgeSeconds(flow, personId);
  return age > REAUTH_AFTER_SECONDS ? undefined : personId;
};

/** The activity event and alert of a factor set up or removed here. */
const factorChanged = async (
  flow: Flow,
  personId: string,
  kind: "second-factor-added" | "second-factor-removed",
  factor: string,
) => {
  const person = await findAccountRow(flow.deps.db, personId);
  if (person) {
    const userAgent = flow.request.headers["user-agent"];
    await reportFactorChange(flow.deps.activity, person, kind, factor, userAgent);
  }
};

const back = (flow: Flow) =>
  flow.reply.header("cache-control", "no-store").redirect(flow.base, 303);

/** POST totp: confirms the app with a code; replaces an e-mail factor (and an older app). */
export const submitTotp = async (flow: Flow): Promise<FastifyReply> => {
  const personId = await actor(flow, "CONFIGURE_TOTP");
  if (!personId) return back(flow);
  if (field(flow, "cancel-aia")) return finish(flow, personId, "cancelled");
  const secret = flow.state?.pendingTotpSecret;
  const step = secret
    ? acceptedStep(secret, field(flow, "totp").trim(), null, flow.deps.clock.now().getTime())
    : null;
  if (!secret || step === null) return showTotp(flow, personId, flow.ctx.texts.codeInvalid);
  await flow.deps.db.transaction(async (tx) => {
    await tx.delete(mfaCredentials).where(eq(mfaCredentials.personId, personId));
    // The confirming code counts as used: it cannot sign in a second time.
    await tx.insert(mfaCredentials).values({
      personId,
      type: "AUTHENTICATOR_APP",
      secret: sealSecret(TOTP_SECRET, secret),
      lastUsedStep: step,
      createdFrom: factorOrigin(flow.request.headers["user-agent"]),
    });
  });
  await factorChanged(flow, personId, "second-factor-added", "AUTHENTICATOR_APP");
  return finish(flow, personId, "success");
};

/** POST email-otp: sends a code, or confirms e-mail codes with it. */
export const submitEmailOtp = async (flow: Flow): Promise<FastifyReply> => {
  const personId = await actor(flow, "CONFIGURE_EMAIL_OTP");
  if (!personId) return back(flow);
  if (field(flow, "cancel-aia")) return finish(flow, personId, "cancelled");
  const person = await findAccountRow(flow.deps.db, personId);
  if (!person) return finish(flow, personId, "error");
  if (field(flow, "send")) {
    if (!mayResendEmailCode(flow))
      return showEmailOtp(flow, personId, { page: flow.ctx.texts.codeResendWait });
    await sendEmailCode(flow, person);
    return back(flow);
  }
  const check = await useEmailCode(flow, field(flow, "otp"));
  const t = flow.ctx.texts;
  if (check !== "ok") {
    const text =
      check === "expired"
        ? t.codeExpired
        : check === "tooManyTries"
          ? t.codeTooManyTries
          : t.codeInvalid;
    return showEmailOtp(flow, personId, { code: text });
  }
  const existing = await credentialsOf(flow, personId);
  if (!existing.some((c) => c.type === "EMAIL")) {
    await flow.deps.db.insert(mfaCredentials).values({
      personId,
      type: "EMAIL",
      secret: null,
      createdFrom: factorOrigin(flow.request.headers["user-agent"]),
    });
    await factorChanged(flow, personId, "second-factor-added", "EMAIL");
  }
  return finish(flow, personId, "success");
};

/** POST delete-credential: removes the named factor of the signed-in person. */
export const submitDeleteCredential = async (flow: Flow): Promise<FastifyReply> => {
  const personId = await actor(flow, "delete_credential");
  if (!personId) return back(flow);
  if (field(flow, "cancel-aia") || !field(flow, "accept"))
    return finish(flow, personId, "cancelled");
  const action = parseKcAction(String((flow.details.params as Record<string, unknown>).kc_action));
  if (action?.kind !== "delete_credential") return finish(flow, personId, "error");
  // The factor and the browsers remembered on the strength of it go together (one
  // transaction): an app or e-mail code, or the person's last passkey.
  const { gone, passkey } = await flow.deps.db.transaction(async (tx) => {
    const [factor] = await tx
      .delete(mfaCredentials)
      .where(and(eq(mfaCredentials.id, action.credentialId), eq(mfaCredentials.personId, personId)))
      .returning({ id: mfaCredentials.id, type: mfaCredentials.type });
    const key = factor ? undefined : await removePasskey(tx, personId, action.credentialId);
    const lastPasskey = key !== undefined && (await passkeysOf(tx, personId)).length === 0;
    if (factor || lastPasskey) await revokeRememberedDevices(tx, personId);
    return { gone: factor, passkey: key };
  });
  if (gone) await factorChanged(flow, personId, "second-factor-removed", gone.type);
  if (passkey) {
    await onPasskeyRemoved(passkeyEventContext(flow), {
      personId,
      passkeyId: passkey.id,
      name: passkey.name,
      passwordless: passkey.passwordless,
    });
  }
  // Recovery codes stand in for a second factor (an app, an e-mail code or a second-factor
  // passkey): without one left they guard nothing, and must not come back to life with the
  // next factor.
  if ((gone || passkey) && !(await hasSecondFactor(flow.deps.db, personId))) {
    await forgetRecoveryCodes(flow.deps.db, personId);
  }
  return finish(flow, personId, gone || passkey ? "success" : "error");
};

/** POST webauthn-register: stores the passkey the browser created (either action's name). */
export const submitRegisterPasskey = async (flow: Flow): Promise<FastifyReply> => {
  const personId =
    (await actor(flow, "webauthn-register-passwordless")) ??
    (await actor(flow, "webauthn-register"));
  if (!personId) return back(flow);
  if (field(flow, "cancel-aia")) return finish(flow, personId, "cancelled");
  return registerPasskey(flow, personId);
};
