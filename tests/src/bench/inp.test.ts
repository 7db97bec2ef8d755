import { describe, expect, it } from "vitest";
import { blockingMs, type EventEntry, groupInteractions, type Interaction, inpOf } from "./inp.js";

const entry = (over: Partial<EventEntry>): EventEntry => ({
  name: "keydown",
  startTime: 0,
  duration: 16,
  interactionId: 1,
  target: "input",
  ...over,
});

const interaction = (id: number, durationMs: number): Interaction => ({
  id,
  startTime: id,
  durationMs,
  type: "click",
  target: "button",
});

describe("groupInteractions", () => {
  it("one interaction per id: its longest event's duration, type and target, its earliest start", () => {
    const interactions = groupInteractions([
      entry({ name: "pointerdown", interactionId: 7, startTime: 100, duration: 24 }),
      entry({ name: "pointerup", interactionId: 7, startTime: 140, duration: 96 }),
      entry({ name: "click", interactionId: 7, startTime: 141, duration: 88 }),
      entry({ name: "keydown", interactionId: 9, startTime: 300, duration: 40, target: "input#a" }),
      entry({ name: "keyup", interactionId: 9, startTime: 380, duration: 32, target: "input#a" }),
    ]);
    expect(interactions).toEqual([
      { id: 7, startTime: 100, durationMs: 96, type: "pointerup", target: "input" },
      { id: 9, startTime: 300, durationMs: 40, type: "keydown", target: "input#a" },
    ]);
  });

  it("events that are no interaction (id 0: pointerover, mouseout) are left out", () => {
    expect(
      groupInteractions([entry({ name: "pointerover", interactionId: 0, duration: 400 })]),
    ).toEqual([]);
  });

  it("a longest event whose target was removed keeps the target another event named", () => {
    const [only] = groupInteractions([
      entry({ name: "pointerdown", duration: 20, target: "select" }),
      entry({ name: "click", duration: 90, target: "" }),
    ]);
    expect(only).toMatchObject({ type: "click", durationMs: 90, target: "select" });
  });

  it("sorts interactions by when they began, whatever order the entries came in", () => {
    const ids = groupInteractions([
      entry({ interactionId: 3, startTime: 50 }),
      entry({ interactionId: 2, startTime: 10 }),
    ]).map((i) => i.id);
    expect(ids).toEqual([2, 3]);
  });
});

describe("inpOf (web-vitals' choice)", () => {
  it("under 50 interactions: the longest", () => {
    expect(inpOf([interaction(1, 40), interaction(2, 230), interaction(3, 120)])?.durationMs).toBe(
      230,
    );
  });

  it("with 50 to 99 interactions in all, the longest is left out", () => {
    const seen = [interaction(1, 40), interaction(2, 230), interaction(3, 120)];
    expect(inpOf(seen, 60)?.durationMs).toBe(120);
  });

  it("with 100 interactions, the two longest are left out", () => {
    const seen = Array.from({ length: 100 }, (_, i) => interaction(i + 1, i + 1));
    expect(inpOf(seen)?.durationMs).toBe(98);
  });

  it("counts beyond what the observer saw: the shortest seen is the most it goes down to", () => {
    expect(inpOf([interaction(1, 40), interaction(2, 230)], 500)?.durationMs).toBe(40);
  });

  it("no interaction, no INP", () => {
    expect(inpOf([])).toBeUndefined();
  });
});

describe("blockingMs (TBT-like)", () => {
  const tasks = [
    { startTime: 0, duration: 120 },
    { startTime: 200, duration: 50 },
    { startTime: 400, duration: 80 },
  ];

  it("sums each long task's part beyond 50 ms", () => {
    expect(blockingMs(tasks)).toBe(70 + 0 + 30);
  });

  it("from a moment on: what is left of a task under way, and the later tasks", () => {
    // The first task blocks from 50 to 120; from 100 on, 20 ms of it are left.
    expect(blockingMs(tasks, 100)).toBe(20 + 30);
    expect(blockingMs(tasks, 500)).toBe(0);
  });

  it("no long task, no blocking", () => {
    expect(blockingMs([])).toBe(0);
  });
});
