import { RECOVERY_CODES_ACTION } from "@portal/contracts";
import type { FastifyReply } from "fastify";
import {
  newRecoveryCodeSet,
  normalizeRecoveryCode,
  onRecoveryCodesRegenerated,
  recoveryCodeHash,
  recoveryCodeStatus,
  replaceRecoveryCodes,
} from "../../credentials/index.js";
import { findAccountRow } from "../oidc/account-claims.js";
import { configureRecoveryCodesPage } from "../pages/recovery-code-pages.js";
import { providerTexts } from "../pages/texts.js";
import { hasSecondFactor } from "./factors.js";
import {
  authenticatedPerson,
  type Flow,
  field,
  finish,
  pendingAction,
  REAUTH_AFTER_SECONDS,
  sendPage,
  signInAgeSeconds,
} from "./flow.js";
import { writeLoginState } from "./login-state.js";

// The application-initiated action CONFIGURE_RECOVERY_AUTHN_CODES: each showing of the
// page makes a new set; only the hashes wait in the interaction's state until the person
// confirms they stored the codes; saving replaces the old set in one transaction. The form
// sends the shown codes back (they are in the page anyway), so a post without the "stored"
// tick shows the same set again: the set the person just downloaded or printed stays good.

/**
 * The codes the form sent back, when they are exactly the set waiting in the state (each
 * code's keyed hash in the same order); undefined for anything else, e.g. an edited form.
 */
const sentBackCodes = (
  personId: string,
  sent: string,
  pending: ReadonlyArray<string>,
): ReadonlyArray<string> | undefined => {
  const codes = sent.split(/\s+/).filter((c) => c !== "");
  if (codes.length !== pending.length) return undefined;
  const same = codes.every((code, i) => {
    const normalized = normalizeRecoveryCode(code);
    return normalized !== undefined && recoveryCodeHash(personId, normalized) === pending[i];
  });
  return same ? codes : undefined;
};

/**
 * Shows a new set of codes (a reload shows another one: the codes exist only in the page),
 * or `again`, the set already shown and still pending, with the state left as it is.
 * Recovery codes back up a second factor: without one the action ends with `error`.
 */
export const showRecoveryCodesSetup = async (
  flow: Flow,
  personId: string,
  error?: string,
  again?: ReadonlyArray<string>,
): Promise<FastifyReply> => {
  const { db } = flow.deps;
  if (!(await hasSecondFactor(db, personId))) return finish(flow, personId, "error");
  let codes = again;
  if (!codes) {
    const set = newRecoveryCodeSet(personId);
    await writeLoginState(
      db,
      flow.uid,
      personId,
      { pendingRecoveryCodeHashes: [...set.hashes] },
      flow.deps.clock.now(),
    );
    codes = set.codes;
  }
  const current = await recoveryCodeStatus(db, personId);
  return sendPage(
    flow,
    configureRecoveryCodesPage(flow.ctx, {
      action: `${flow.base}/recovery-codes`,
      codes,
      replaces: current.total > 0,
      date: flow.deps.clock.now().toISOString().slice(0, 10),
      error: error ? { text: error, qa: "recovery-codes-error" } : undefined,
    }),
  );
};

/** The person running this action now: signed in within 5 minutes and the action requested. */
const actor = async (flow: Flow): Promise<string | undefined> => {
  const personId = authenticatedPerson(flow);
  if (!personId || pendingAction(flow)?.toUpperCase() !== RECOVERY_CODES_ACTION) return undefined;
  const age = await signInAgeSeconds(flow, personId);
  return age > REAUTH_AFTER_SECONDS ? undefined : personId;
};

/** POST recovery-codes: activates the codes the page showed (after the "stored" check). */
export const submitRecoveryCodesSetup = async (flow: Flow): Promise<FastifyReply> => {
  const personId = await actor(flow);
  if (!personId) return flow.reply.header("cache-control", "no-store").redirect(flow.base, 303);
  if (field(flow, "cancel-aia")) return finish(flow, personId, "cancelled");
  const hashes = flow.state?.pendingRecoveryCodeHashes;
  if (!hashes || hashes.length === 0) return showRecoveryCodesSetup(flow, personId);
  if (field(flow, "saved") !== "true") {
    return showRecoveryCodesSetup(
      flow,
      personId,
      providerTexts(flow.ctx.language, "recovery").savedMissing,
      sentBackCodes(personId, field(flow, "codes"), hashes),
    );
  }
  const replaced = await replaceRecoveryCodes(flow.deps.db, personId, hashes);
  // A new set in place of one (not the first set, which comes with a factor's own alert):
  // whoever did it holds codes that pass the second factor, so the person hears of it.
  if (replaced) {
    const person = await findAccountRow(flow.deps.db, personId);
    if (person) {
      await onRecoveryCodesRegenerated(flow.deps.activity, person, {
        userAgent: flow.request.headers["user-agent"],
        ip: flow.request.ip,
      });
    }
  }
  return finish(flow, personId, "success");
};
