import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createPerson } from "../provider/testing/identity-kit.js";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { consumeToken, findLiveToken, issueToken } from "./mail-tokens.js";

describe.each(databases)("mail tokens on $name", (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(target);
  });
  afterAll(() => database?.close());

  const issue = async (personId: string, kind: "PASSWORD_RESET" | "EMAIL_CHANGE", now: Date) =>
    issueToken(database.db, { kind, personId, now });

  it("using one token retires the person's other open tokens of that kind, and only those", async () => {
    const now = new Date();
    const person = await createPerson(database.db);
    const stranger = await createPerson(database.db);
    const [older, newer] = [
      await issue(person.id, "PASSWORD_RESET", now),
      await issue(person.id, "PASSWORD_RESET", now),
    ];
    const change = await issue(person.id, "EMAIL_CHANGE", now);
    const theirs = await issue(stranger.id, "PASSWORD_RESET", now);
    expect(await consumeToken(database.db, ["PASSWORD_RESET"], newer, now)).toMatchObject({
      personId: person.id,
    });
    expect(await consumeToken(database.db, ["PASSWORD_RESET"], older, now)).toBeUndefined();
    expect(await findLiveToken(database.db, ["EMAIL_CHANGE"], change, now)).toBeDefined();
    expect(await findLiveToken(database.db, ["PASSWORD_RESET"], theirs, now)).toBeDefined();
  });

  it("of several links of one person used at once, exactly one wins", async () => {
    const now = new Date();
    const person = await createPerson(database.db);
    const links: string[] = [];
    for (let i = 0; i < 6; i++) links.push(await issue(person.id, "PASSWORD_RESET", now));
    // Each in its own transaction, as the reset route uses it.
    const outcomes = await Promise.all(
      links.map((link) =>
        database.transaction((tx) => consumeToken(tx, ["PASSWORD_RESET"], link, now)),
      ),
    );
    expect(outcomes.filter((row) => row !== undefined)).toHaveLength(1);
  });
});
