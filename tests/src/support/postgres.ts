import pg from "pg";

/** The local PostgreSQL of the test machine (trust authentication). */
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

/** Runs one statement in database `db` of the local PostgreSQL. */
export const runSql = async (
  db: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<pg.QueryResult> => {
  const client = new pg.Client({ connectionString: `${ADMIN_URL}/${db}` });
  await client.connect();
  try {
    return await client.query(text, [...values]);
  } finally {
    await client.end();
  }
};

/** Runs one statement against a portal's own PostgreSQL database (`Portal.databaseUrl`). */
export const queryPortalDb = async (
  databaseUrl: string,
  text: string,
  values: readonly unknown[] = [],
): Promise<pg.QueryResult> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, [...values]);
  } finally {
    await client.end();
  }
};
