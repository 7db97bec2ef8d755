import { describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { preparedPerDatabase } from "./prepared-per-database.js";

describe("preparedPerDatabase", () => {
  it("builds a database's statement once, and another database's apart", () => {
    const built: Db[] = [];
    const statementOf = preparedPerDatabase((db) => {
      built.push(db);
      return { for: db };
    });
    const first = {} as Db;
    const second = {} as Db;
    expect(statementOf(first)).toBe(statementOf(first));
    expect(statementOf(second).for).toBe(second);
    expect(built).toEqual([first, second]);
  });
});
