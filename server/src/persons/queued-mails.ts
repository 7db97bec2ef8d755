import { isAsciiOnly, isEmail, normaliseEmail } from "@portal/core";
import { apiError } from "../http/api-error.js";
import type { AppDeps, PortalPlugin } from "../http/app-deps.js";
import { createMailQueueWorker, enqueueMail } from "../mail/mail-queue.js";
import { enforceLimits } from "./abuse-limits.js";
import { issueTokenForAddress } from "./address-tokens.js";
import { mailLinks } from "./mail-links.js";
import { sendOptInMail } from "./person-mails.js";
import { findPersonByEmail } from "./person-store.js";
import { enforceResendCooldown } from "./resend-cooldown.js";

/**
 * The mails a visitor may ask for by address (password forgotten, resend opt-in). Asking
 * counts against the rate limits and adds a queue row: the same work and the same answer
 * for every address. Whether the address has an account is found out by the queue worker.
 */

type QueuedKind = "opt-in-resend" | "password-reset";

/** The client a request comes from: the address TRUST_PROXY resolved. */
export interface Client {
  readonly ip: string;
}

/**
 * 400 EMAIL_NOT_VALID (field email) for an address no account can have ("", "a b"): judged
 * by its format alone, before any limit or lookup, so the answer says nothing about accounts.
 * The contract already bounds the length and refuses line breaks. The two API routes call
 * it; the sign-in page's resend (no field to mark) keeps its single answer.
 */
export const requireMailAddressFormat = (email: string): string => {
  const normalised = normaliseEmail(email);
  if (!isEmail(normalised) || !isAsciiOnly(normalised)) {
    throw apiError(400, "EMAIL_NOT_VALID", "email");
  }
  return normalised;
};

/**
 * Asks for the opt-in mail again (API and the sign-in page call this same function).
 * Throws 429 TOO_MANY_REQUESTS when the client or the address has asked too often, or
 * the address within the resend cooldown (resend-cooldown.ts).
 */
export const requestOptInResend = async (
  deps: AppDeps,
  client: Client,
  email: string,
): Promise<void> => {
  await enforceResendCooldown(deps.limiter, "opt-in", normaliseEmail(email));
  await enforceLimits(deps.limiter, client, "resend", email);
  await enqueueMail(deps.database.db, "opt-in-resend" satisfies QueuedKind, normaliseEmail(email));
};

/** Asks for a password-reset mail; 429 TOO_MANY_REQUESTS as {@link requestOptInResend}. */
export const requestPasswordResetMail = async (
  deps: AppDeps,
  client: Client,
  email: string,
): Promise<void> => {
  await enforceLimits(deps.limiter, client, "password-reset", email);
  await enqueueMail(deps.database.db, "password-reset" satisfies QueuedKind, normaliseEmail(email));
};

/** What the worker does per kind: only an account that may get the mail gets it. */
const handlers = (deps: AppDeps): Record<QueuedKind, (email: string) => Promise<void>> => ({
  "opt-in-resend": async (email) => {
    const found = await findPersonByEmail(deps.database.db, email);
    if (!found || found.emailConfirmedAt !== null) return;
    // Issued only while the account still has this address and is unconfirmed (under its
    // row lock, see address-tokens.ts): a confirmation or address change in between wins.
    const issued = await issueTokenForAddress(deps.database, found, {
      kind: "OPT_IN",
      now: deps.clock.now(),
      may: (person) => person.emailConfirmedAt === null,
    });
    if (issued) await sendOptInMail(deps, issued.person, issued.token);
  },
  "password-reset": async (email) => {
    const found = await findPersonByEmail(deps.database.db, email);
    if (!found) return;
    const issued = await issueTokenForAddress(deps.database, found, {
      kind: "PASSWORD_RESET",
      now: deps.clock.now(),
    });
    if (!issued) return;
    const { person, token } = issued;
    await deps.mailer.send({
      to: person.email,
      template: "passwordReset",
      language: person.preferredLanguage,
      params: {
        link: mailLinks(deps.config.publicUrl).passwordReset(token, person.postRegistrationToken),
      },
    });
  },
});

/** Runs this process's queue worker while the server is up (every process runs one). */
export const queuedMailsPlugin: PortalPlugin = async (app, { deps }) => {
  const worker = createMailQueueWorker({
    db: deps.database.db,
    log: app.log,
    handlers: handlers(deps),
    pollMs: deps.config.mailQueuePollMs,
  });
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.close());
};
