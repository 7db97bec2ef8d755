import { describe, expect, it } from "vitest";
import { analyticsEvents } from "../db/schema/index.js";
import { type RunningServer, startServer } from "../index.js";
import { databases } from "../test-support/databases.js";
import { testClock } from "../test-support/test-server.js";

const DAY = 24 * 3_600_000;

describe.each(databases)("the scheduled retention purge on $name", (target) => {
  it("runs when the server is ready, by the server's clock, and ends with the server", async () => {
    const provisioned = await target.provision();
    const clock = testClock();
    const start = (purgeIntervalMinutes: number): Promise<RunningServer> =>
      startServer(
        {
          port: 0,
          host: "127.0.0.1",
          logLevel: "silent",
          databaseUrl: provisioned.databaseUrl,
          dataDir: provisioned.dataDir,
          smtpUrl: undefined,
          companySeedCount: 0,
          purgeIntervalMinutes,
        },
        { clock },
      );
    try {
      // Seeded by a process without the schedule: two events, 10 and 100 days old by the clock.
      const seeding = await start(0);
      const now = clock.now().getTime();
      await seeding.database.db.insert(analyticsEvents).values([
        { kind: "page", name: "recent", createdAt: new Date(now - 10 * DAY) },
        { kind: "page", name: "old", createdAt: new Date(now - 100 * DAY) },
      ]);
      await seeding.close();

      // 95 days later by the server's clock the recent one is due too, though not by the system's.
      clock.advance(85 * DAY);
      const server = await start(60);
      const { db } = server.database;
      try {
        await expect
          .poll(async () => (await db.select().from(analyticsEvents)).length, { timeout: 10_000 })
          .toBe(0);
      } finally {
        await server.close();
      }
    } finally {
      await provisioned.dispose();
    }
  }, 120_000);
});
