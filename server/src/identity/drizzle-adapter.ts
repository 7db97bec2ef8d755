import { createHash } from "node:crypto";
import { and, eq, isNotNull, lt, type SQL } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Db } from "../db/client.js";
import { identityArtifacts } from "../db/schema/identity.js";

/** SHA-256 hex of an identifier: what the artifact table stores instead of the value. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

// A device code is looked up by its user code and saved again under the same id, so its
// id has to be recoverable; it is short-lived (10 min) and useless without the client secret.
const KEEPS_ID_IN_PAYLOAD = new Set(["DeviceCode"]);

const toPayload = (
  id: string,
  row: { payload: Record<string, unknown>; consumedAt: Date | null },
): AdapterPayload => ({
  ...(row.payload as AdapterPayload),
  jti: id,
  ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
});

/**
 * oidc-provider's storage on Drizzle: one table for every model, so restarts and several
 * processes share sessions, grants, codes and refresh tokens. Expired rows are never
 * returned; {@link deleteExpiredArtifacts} removes them for good.
 */
export class DrizzleAdapter implements Adapter {
  /**
   * @param resolveId turns a presented value into the stored id (refresh tokens are handed
   *   out as JWTs that carry the id); undefined means "no such token".
   */
  constructor(
    private readonly db: Db,
    private readonly model: string,
    private readonly resolveId: (value: string) => Promise<string | undefined> = async (v) => v,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const { jti: _jti, ...rest } = payload;
    const stored = KEEPS_ID_IN_PAYLOAD.has(this.model) ? payload : rest;
    const row = {
      payload: stored as Record<string, unknown>,
      grantId: this.model === "Grant" ? id : (payload.grantId ?? null),
      uidHash: payload.uid ? sha256(payload.uid) : null,
      userCodeHash: payload.userCode ? sha256(payload.userCode) : null,
      accountId: payload.accountId ?? payload.session?.accountId ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(identityArtifacts)
      .values({ model: this.model, idHash: sha256(id), ...row })
      .onConflictDoUpdate({
        target: [identityArtifacts.model, identityArtifacts.idHash],
        set: row,
      });
  }

  async find(value: string): Promise<AdapterPayload | undefined> {
    const id = await this.resolveId(value);
    if (id === undefined) return undefined;
    const row = await this.first(eq(identityArtifacts.idHash, sha256(id)));
    return row ? toPayload(id, row) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.first(eq(identityArtifacts.userCodeHash, sha256(userCode)));
    const id = row?.payload.jti;
    return row && typeof id === "string" ? toPayload(id, row) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await this.first(eq(identityArtifacts.uidHash, sha256(uid)));
    // The session id itself is not stored; callers of findByUid only read the session.
    return row ? { ...(row.payload as AdapterPayload) } : undefined;
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(identityArtifacts)
      .set({ consumedAt: new Date() })
      .where(
        and(eq(identityArtifacts.model, this.model), eq(identityArtifacts.idHash, sha256(id))),
      );
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(identityArtifacts)
      .where(
        and(eq(identityArtifacts.model, this.model), eq(identityArtifacts.idHash, sha256(id))),
      );
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(identityArtifacts).where(eq(identityArtifacts.grantId, grantId));
  }

  private async first(condition: SQL) {
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
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
    return row;
  }
}

/** Removes artifacts past their expiry (they are already invisible to the provider). */
export const deleteExpiredArtifacts = async (db: Db): Promise<void> => {
  await db
    .delete(identityArtifacts)
    .where(
      and(isNotNull(identityArtifacts.expiresAt), lt(identityArtifacts.expiresAt, new Date())),
    );
};
