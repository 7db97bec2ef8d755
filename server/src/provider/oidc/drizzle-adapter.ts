import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { type Clock, systemClock } from "@portal/core";
import { and, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { type Adapter, type AdapterPayload, errors } from "oidc-provider";
import type { Db } from "../../db/client.js";
import {
  ARTIFACT_READS,
  artifactRead,
  flushHeldWrites,
  forgetReads,
  holdWrite,
  readOnce,
} from "../../db/request-cache.js";
import { identityArtifacts } from "../../db/schema/identity.js";
import { placeholdersFor, statementTemplate } from "../../db/statement-template.js";
import { readWithRelated } from "./related-reads.js";

// The two writes a request holds (request-cache.ts), rendered to text once: an artifact
// stored or replaced, and one destroyed.
const artifactRow = placeholdersFor([
  "payload",
  "grantId",
  "uidHash",
  "userCodeHash",
  "accountId",
  "expiresAt",
]);
const upsertArtifact = statementTemplate<
  | "model"
  | "idHash"
  | "payload"
  | "grantId"
  | "uidHash"
  | "userCodeHash"
  | "accountId"
  | "expiresAt"
>((db) =>
  db
    .insert(identityArtifacts)
    .values({ ...placeholdersFor(["model", "idHash"]), ...artifactRow })
    .onConflictDoUpdate({
      target: [identityArtifacts.model, identityArtifacts.idHash],
      set: artifactRow as unknown as Partial<typeof identityArtifacts.$inferInsert>,
    }),
);
const destroyArtifact = statementTemplate<"model" | "idHash">((db) =>
  db
    .delete(identityArtifacts)
    .where(
      and(
        eq(identityArtifacts.model, sql.placeholder("model")),
        eq(identityArtifacts.idHash, sql.placeholder("idHash")),
      ),
    ),
);

/** SHA-256 hex of an identifier: what the artifact table stores instead of the value. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** Seals an identifier that must be recoverable (AES-GCM with a server secret). */
export interface IdSealer {
  seal(id: string): string;
  open(sealed: string): string | undefined;
}

/**
 * A sealer with a key derived from `secret` (kept in the database's key table) and
 * `purpose`, so one secret gives unrelated keys for unrelated uses.
 *
 * @example
 * const sealer = idSealer(keys.refreshSecret);
 */
export const idSealer = (secret: Uint8Array, purpose = "artifact-id-seal"): IdSealer => {
  const key = createHash("sha256").update(`${purpose}:`).update(secret).digest();
  return {
    seal: (id) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(id, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open: (sealed) => {
      try {
        const raw = Buffer.from(sealed, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return undefined;
      }
    },
  };
};

/**
 * The error oidc-provider itself throws for a consumed value of `model` it sees
 * (grant_source.js, refresh_token.js, authorization/respond.js), so a replay that lost the
 * race reads exactly like one that came later.
 */
const alreadyConsumed = (model: string): Error => {
  switch (model) {
    case "RefreshToken":
      return new errors.InvalidGrant("refresh token already used");
    case "PushedAuthorizationRequest":
      return new errors.InvalidRequestUri("request_uri is invalid, expired, or was already used");
    default:
      return new errors.InvalidGrant(`${CONSUMABLE_LABELS.get(model) ?? model} already consumed`);
  }
};

const CONSUMABLE_LABELS = new Map([
  ["AuthorizationCode", "authorization code"],
  ["DeviceCode", "device code"],
  ["BackchannelAuthenticationRequest", "backchannel authentication request"],
  ["PreAuthorizedCode", "pre-authorized code"],
]);

/**
 * The grant a row goes with when that grant is revoked: its own id for a grant, else the
 * grant it was issued under. An interaction only names the grant it may add to (a sign-in
 * on a signed-in session); revoking that grant must not drop it: oidc-provider revokes the
 * old person's grants when somebody else signs in there, and then resumes the interaction.
 */
const grantColumn = (model: string, id: string, payload: AdapterPayload): string | null =>
  model === "Grant" ? id : model === "Interaction" ? null : (payload.grantId ?? null);

const toPayload = (
  id: string,
  row: { payload: Record<string, unknown>; consumedAt: Date | null },
): AdapterPayload => ({
  ...(row.payload as AdapterPayload),
  jti: id,
  ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
});

/** How one model's storage finds, seals and dates its entries. */
export interface DrizzleAdapterOptions {
  /**
   * Turns a presented value into the stored id (refresh tokens are handed out as JWTs that
   * carry the id); undefined means "no such token".
   */
  readonly resolveId?: (value: string) => Promise<string | undefined>;
  /**
   * A device code is found by its user code and saved again under its id, so that id is
   * kept sealed (never in clear) next to the hashes.
   */
  readonly sealer?: IdSealer | undefined;
  /** The portal's clock: entries expire and are consumed by it, so tests move it. */
  readonly clock?: Clock;
}

/**
 * oidc-provider's storage on Drizzle: one table for every model, so restarts and several
 * processes share sessions, grants, codes and refresh tokens. Expired rows are never
 * returned; {@link deleteExpiredArtifacts} removes them for good.
 */
export class DrizzleAdapter implements Adapter {
  private readonly resolveId: (value: string) => Promise<string | undefined>;
  private readonly sealer: IdSealer | undefined;
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly model: string,
    options: DrizzleAdapterOptions = {},
  ) {
    this.resolveId = options.resolveId ?? (async (v) => v);
    this.sealer = options.sealer;
    this.clock = options.clock ?? systemClock;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const { jti: _jti, userCode: _userCode, ...rest } = payload;
    const stored = this.sealer ? { ...rest, sealedJti: this.sealer.seal(id) } : rest;
    const row = {
      payload: stored as Record<string, unknown>,
      grantId: grantColumn(this.model, id, payload),
      uidHash: payload.uid ? sha256(payload.uid) : null,
      userCodeHash: payload.userCode ? sha256(payload.userCode) : null,
      accountId: payload.accountId ?? payload.session?.accountId ?? null,
      expiresAt: expiresIn ? new Date(this.clock.now().getTime() + expiresIn * 1000) : null,
    };
    const write = upsertArtifact(this.db, { model: this.model, idHash: sha256(id), ...row });
    // Sent with the request's other writes before its answer (request-cache.ts).
    if (!(await holdWrite(this.db, this.rowKey(id), write))) await this.db.execute(write);
    forgetReads(this.readKey());
  }

  async find(value: string): Promise<AdapterPayload | undefined> {
    const id = await this.resolveId(value);
    if (id === undefined) return undefined;
    const row = await readOnce(this.readKey(`id:${id}`), async () => {
      await flushHeldWrites();
      return this.model === "Interaction" || this.model === "AuthorizationCode"
        ? readWithRelated(this.db, this.model, id, this.clock.now())
        : this.first(eq(identityArtifacts.idHash, sha256(id)));
    });
    return row ? toPayload(id, row) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.first(eq(identityArtifacts.userCodeHash, sha256(userCode)));
    const sealed = row?.payload.sealedJti;
    const id = typeof sealed === "string" ? this.sealer?.open(sealed) : undefined;
    return row && id ? { ...toPayload(id, row), userCode } : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await readOnce(this.readKey(`uid:${uid}`), () =>
      this.first(eq(identityArtifacts.uidHash, sha256(uid))),
    );
    // The session id itself is not stored; callers of findByUid only read the session.
    return row ? { ...(row.payload as AdapterPayload) } : undefined;
  }

  /**
   * Marks a code or refresh token used, once. oidc-provider checks `consumed` on the copy it
   * read at the start of the request, so parallel redemptions of one value all pass that
   * check: the mark itself must be the check (`WHERE consumed_at IS NULL`, one statement;
   * on PostgreSQL the second UPDATE waits for the first and then finds the row taken). A
   * redemption that comes second is a replay: it revokes the grant, as oidc-provider does
   * for a consumed value it sees, and fails with that same error (invalid_grant).
   */
  async consume(id: string): Promise<void> {
    forgetReads(this.readKey());
    await flushHeldWrites();
    const artifact = and(
      eq(identityArtifacts.model, this.model),
      eq(identityArtifacts.idHash, sha256(id)),
    );
    const claimed = await this.db
      .update(identityArtifacts)
      .set({ consumedAt: this.clock.now() })
      .where(and(artifact, isNull(identityArtifacts.consumedAt)))
      .returning({ idHash: identityArtifacts.idHash });
    if (claimed.length > 0) return;
    // Everything of the artifact's grant (tokens, codes, the grant itself): the winner's new
    // refresh token then finds no grant, so neither chain lives on. No grant, nothing goes.
    await this.db
      .delete(identityArtifacts)
      .where(
        inArray(
          identityArtifacts.grantId,
          this.db
            .select({ grantId: identityArtifacts.grantId })
            .from(identityArtifacts)
            .where(artifact),
        ),
      );
    forgetReads(ARTIFACT_READS);
    throw alreadyConsumed(this.model);
  }

  async destroy(id: string): Promise<void> {
    forgetReads(this.readKey());
    const write = destroyArtifact(this.db, { model: this.model, idHash: sha256(id) });
    if (!(await holdWrite(this.db, this.rowKey(id), write))) await this.db.execute(write);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    forgetReads(ARTIFACT_READS);
    await flushHeldWrites();
    await this.db.delete(identityArtifacts).where(eq(identityArtifacts.grantId, grantId));
  }

  /** The held write's key of this model's row `id` (request-cache.ts). */
  private rowKey(id: string): string {
    return `artifact:${this.model}:${sha256(id)}`;
  }

  /** This model's reads in the request's cache (request-cache.ts), or one of them. */
  private readKey(what = ""): string {
    return artifactRead(this.model, what);
  }

  private async first(condition: SQL) {
    await flushHeldWrites();
    const rows = await this.db
      .select({
        payload: identityArtifacts.payload,
        consumedAt: identityArtifacts.consumedAt,
        expiresAt: identityArtifacts.expiresAt,
      })
      .from(identityArtifacts)
      .where(and(eq(identityArtifacts.model, this.model), condition))
      .limit(1);
    const row = rows[0];
    if (!row || (row.expiresAt && row.expiresAt <= this.clock.now())) return undefined;
    return row;
  }
}

/**
 * Removes artifacts at or past their expiry (already invisible to the provider: the same
 * boundary as `find`).
 */
export const deleteExpiredArtifacts = async (db: Db, clock: Clock = systemClock): Promise<void> => {
  await db
    .delete(identityArtifacts)
    .where(
      and(isNotNull(identityArtifacts.expiresAt), lte(identityArtifacts.expiresAt, clock.now())),
    );
};
