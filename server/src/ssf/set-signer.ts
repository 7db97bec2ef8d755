import { SignJWT } from "jose";
import type { SsfEventRow } from "../db/schema/index.js";
import { SSF_EVENT_TYPES } from "../db/shared-signal-outbox.js";
import type { TransmitterKey } from "./transmitter-key.js";

/**
 * Security Event Tokens (RFC 8417) as SSF 1.0 profiles them: `typ: secevent+jwt`, the
 * transmitter as `iss`, the receiver's client id as `aud`, the row's id as `jti`, the change's
 * `txn`, `toe` and a top-level `sub_id`; one event per SET. CAEP events carry their
 * `event_timestamp` too.
 */
const CAEP_TYPES: ReadonlySet<string> = new Set([
  SSF_EVENT_TYPES.sessionRevoked,
  SSF_EVENT_TYPES.credentialChange,
]);

export interface SetContext {
  readonly key: TransmitterKey;
  /** The transmitter's issuer (PUBLIC_URL): also the `iss` of `iss_sub` subjects. */
  readonly issuer: string;
  readonly now: Date;
}

/** The SET of one queued event for the receiver `audience`. */
export const signSet = (
  row: Pick<SsfEventRow, "id" | "eventType" | "subject" | "payload" | "txn" | "occurredAt">,
  audience: string,
  context: SetContext,
): Promise<string> => {
  const toe = Math.floor(row.occurredAt.getTime() / 1000);
  const subject =
    row.subject.format === "iss_sub" ? { ...row.subject, iss: context.issuer } : row.subject;
  const event = CAEP_TYPES.has(row.eventType)
    ? { ...row.payload, event_timestamp: toe }
    : row.payload;
  return new SignJWT({
    jti: row.id,
    txn: row.txn,
    toe,
    sub_id: subject,
    events: { [row.eventType]: event },
  })
    .setProtectedHeader({ alg: "RS256", kid: context.key.kid, typ: "secevent+jwt" })
    .setIssuer(context.issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(context.now.getTime() / 1000))
    .sign(context.key.privateKey);
};
