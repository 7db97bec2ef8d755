import { describe, expect, it } from "vitest";
import { databases, openTestDatabase } from "../test-support/databases.js";
import { POLL_METHOD } from "./stream-config.js";
import {
  checkedSettings,
  createStream,
  MAX_STREAMS_PER_RECEIVER,
  streamsOf,
} from "./stream-store.js";

describe.each(databases)("streams per receiver on $name", (target) => {
  it(`of ${MAX_STREAMS_PER_RECEIVER + 4} creates at once, ${MAX_STREAMS_PER_RECEIVER} pass; the others answer 409`, async () => {
    const database = await openTestDatabase(target);
    try {
      const settings = checkedSettings({ delivery: { method: POLL_METHOD } }, []);
      const outcomes = await Promise.allSettled(
        Array.from({ length: MAX_STREAMS_PER_RECEIVER + 4 }, () =>
          createStream(database.db, "receiver-a", settings, new Date()),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(
        MAX_STREAMS_PER_RECEIVER,
      );
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.map((o) => (o.reason as { status: number }).status)).toEqual([
        409, 409, 409, 409,
      ]);
      expect(await streamsOf(database.db, "receiver-a")).toHaveLength(MAX_STREAMS_PER_RECEIVER);
      // Another receiver's count is its own.
      await createStream(database.db, "receiver-b", settings, new Date());
    } finally {
      await database.close();
    }
  });
});
