import pg from "pg";
import type { Person, Registration } from "./mix.js";

/** What the database holds of the writes the portal acknowledged. */
export interface WriteCheck {
  /** Acknowledged writes looked up: registrations, confirmations, each person's last save. */
  readonly checked: number;
  /** Those not found as acknowledged, one line each. */
  readonly lost: readonly string[];
  /** People of this database without the password-history row their registration wrote. */
  readonly halfWritten: number;
}

/**
 * Looks every acknowledged write up in the cluster's database, directly (not through a
 * node): each registration answered 2xx is a person, each confirmation answered 2xx a
 * confirmed address, and each person's given name is their last acknowledged save (or a
 * later one whose answer was lost: it may have landed). A registration writes the person
 * and the first password-history row in one transaction, so a person without one is half
 * of a registration.
 */
export const checkAcknowledgedWrites = async (
  databaseUrl: string,
  people: readonly Person[],
  registrations: readonly Registration[],
): Promise<WriteCheck> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lost: string[] = [];
    let checked = 0;
    const registered = registrations.filter((r) => r.registered);
    const rows = await client.query<{ email: string; confirmed: boolean }>(
      "select email, email_confirmed_at is not null as confirmed from persons where email = any($1)",
      [registered.map((r) => r.email.toLowerCase())],
    );
    const found = new Map(rows.rows.map((r) => [r.email, r.confirmed]));
    for (const r of registered) {
      checked++;
      const confirmed = found.get(r.email.toLowerCase());
      if (confirmed === undefined) lost.push(`registration of ${r.email}`);
      else if (r.confirmed) {
        checked++;
        if (!confirmed) lost.push(`confirmation of ${r.email}`);
      }
    }
    const saved = people.filter((p) => p.acknowledgedName !== undefined);
    const names = await client.query<{ email: string; given_name: string }>(
      "select email, given_name from persons where email = any($1)",
      [saved.map((p) => p.account.email.toLowerCase())],
    );
    const nameOf = new Map(names.rows.map((r) => [r.email, r.given_name]));
    for (const p of saved) {
      checked++;
      const name = nameOf.get(p.account.email.toLowerCase());
      if (name !== p.acknowledgedName && !p.uncertainNames.includes(name ?? "")) {
        lost.push(`save of ${p.account.email}: ${p.acknowledgedName} acknowledged, ${name} stored`);
      }
    }
    const half = await client.query<{ n: string }>(
      `select count(*) as n from persons p
        where not exists (select 1 from password_history h where h.person_id = p.id)`,
    );
    return { checked, lost, halfWritten: Number(half.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
};
