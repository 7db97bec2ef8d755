import { describe, expect, it } from "vitest";
import { Outbox } from "../support/outbox.js";
import { runSql } from "../support/postgres.js";
import { confirmedAccount } from "./support/accounts.js";
import { openLoginForm, postForm } from "./support/sign-in-form.js";
import { useTwoProcesses } from "./support/two-processes.js";

// Issue 14, races across processes: "the sign-in lockout with two server processes on one
// PostgreSQL": parallel wrong passwords spread over both processes check at most as many
// as one process alone would.

const two = useTwoProcesses("race");

const countedAttempts = async (): Promise<number> => {
  const { rows } = await runSql(
    two.dbName,
    "select coalesce(sum(failures), 0)::int as n from identity_login_failures",
  );
  return Number(rows[0]?.n ?? 0);
};

describe("two server processes on one PostgreSQL", () => {
  it("20 wrong passwords at once over both processes: at most five are checked", async () => {
    const victim = await confirmedAccount(two.proxy.url, new Outbox(two.proxy.url), "race-two");
    const forms = await Promise.all(Array.from({ length: 20 }, () => openLoginForm(two.proxy.url)));
    const before = new Map(two.proxy.served);
    const counted = await countedAttempts();
    const pages = await Promise.all(
      forms.map((f, i) =>
        postForm(f, { username: victim.email, password: `Wrong-${i}-Passw0rd!` }),
      ),
    );
    // The posts really went to both processes.
    for (const backend of [two.first.url, two.second.url]) {
      expect(two.proxy.served.get(backend) ?? 0).toBeGreaterThan(before.get(backend) ?? 0);
    }
    expect((await countedAttempts()) - counted).toBeLessThanOrEqual(5);
    expect(
      pages.filter((p) => p.html.includes('data-qa="login-error"')).length,
    ).toBeLessThanOrEqual(4);
    const right = await postForm(await openLoginForm(two.proxy.url), {
      username: victim.email,
      password: victim.password,
    });
    expect(right.html).toContain('data-qa="login-locked"');
  });
});
