import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors.js";

// What counts as "the database cannot be reached right now" (503 with Retry-After) rather
// than a bug (500): network errors, PostgreSQL's connection, resource and shutdown classes,
// and a write that reached a server that is not the primary during a failover.
describe("isDatabaseUnavailable", () => {
  it.each([
    [{ code: "ECONNREFUSED" }],
    [{ code: "08006" }],
    [{ code: "53300" }],
    [{ code: "57P01" }],
    [{ code: "25006", message: "cannot execute INSERT in a read-only transaction" }],
    [{ message: "Connection terminated unexpectedly" }],
    [new Error("query failed", { cause: { code: "25006" } })],
  ])("%o is an outage", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [{ code: "23505" }],
    [{ code: "25P02" }],
    [{ code: "42P01" }],
    [new Error("boom")],
    [undefined],
  ])("%o is not", (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
