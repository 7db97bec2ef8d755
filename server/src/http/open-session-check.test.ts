import { describe, expect, it } from "vitest";
import type { SessionStatus } from "./identity-sessions.js";
import { createOpenSessionCheck } from "./open-session-check.js";

/** A session store whose answers the test sets, counting how often it is asked. */
const store = () => {
  const open = new Set<string>();
  let asked = 0;
  let failing = false;
  const status: SessionStatus = {
    isOpen: async (sid) => {
      asked += 1;
      if (failing) throw new Error("store down");
      return open.has(sid);
    },
  };
  return {
    status,
    open,
    asked: () => asked,
    fail: (value: boolean) => {
      failing = value;
    },
  };
};

describe("open-session check", () => {
  it("asks the store once per session within the age limit, and again after it", async () => {
    const s = store();
    s.open.add("sid-1");
    const isOpen = createOpenSessionCheck(s.status, { maxAgeMs: 2_000, maxEntries: 10 });
    expect(await isOpen("sid-1", "p", 0)).toBe(true);
    expect(await isOpen("sid-1", "p", 1_999)).toBe(true);
    expect(s.asked()).toBe(1);
    // The session ends elsewhere: noticed as soon as the answer is older than the limit.
    s.open.delete("sid-1");
    expect(await isOpen("sid-1", "p", 2_000)).toBe(false);
    expect(s.asked()).toBe(2);
  });

  it("asks once for calls that arrive together", async () => {
    const s = store();
    s.open.add("sid-1");
    const isOpen = createOpenSessionCheck(s.status, { maxAgeMs: 2_000, maxEntries: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => isOpen("sid-1", "p", 5)));
    expect(answers.every(Boolean)).toBe(true);
    expect(s.asked()).toBe(1);
  });

  it("keeps sessions apart by person and sid, and forgets the oldest beyond its size", async () => {
    const s = store();
    s.open.add("a");
    const isOpen = createOpenSessionCheck(s.status, { maxAgeMs: 2_000, maxEntries: 2 });
    expect(await isOpen("a", "p", 0)).toBe(true);
    expect(await isOpen("b", "p", 0)).toBe(false);
    expect(await isOpen("c", "p", 0)).toBe(false);
    expect(s.asked()).toBe(3);
    // "a" was the oldest and went: asked again.
    expect(await isOpen("a", "p", 1)).toBe(true);
    expect(s.asked()).toBe(4);
  });

  it("does not remember a failed lookup", async () => {
    const s = store();
    s.open.add("sid-1");
    const isOpen = createOpenSessionCheck(s.status, { maxAgeMs: 2_000, maxEntries: 10 });
    s.fail(true);
    await expect(isOpen("sid-1", "p", 0)).rejects.toThrow("store down");
    s.fail(false);
    expect(await isOpen("sid-1", "p", 1)).toBe(true);
  });
});
