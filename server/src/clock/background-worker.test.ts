import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBackgroundWorker } from "./background-worker.js";

// The loop every background worker of the server shares (user sync, Shared Signals delivery,
// Keycloak's sign-ins): time is the test's (fake timers), runs are counted.
describe("a background worker", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    const gates: Array<() => void> = [];
    let runs = 0;
    const worker = createBackgroundWorker({
      run: () =>
        new Promise<number>((resolve) => {
          runs += 1;
          gates.push(() => resolve(runs));
        }),
      pollMs: 1000,
      onFailure: () => undefined,
    });
    const finish = async () => {
      gates.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    };
    return { worker, finish, runs: () => runs };
  };

  it("runs one at a time, and once more after nudges during a run", async () => {
    const { worker, finish, runs } = counting();
    worker.nudge();
    worker.nudge();
    worker.nudge();
    expect(runs()).toBe(1);
    await finish();
    expect(runs()).toBe(2);
    await finish();
    expect(runs()).toBe(2);
  });

  it("runs every pollMs once started, and stops with close", async () => {
    const { worker, finish, runs } = counting();
    worker.start();
    await finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs()).toBe(2);
    await finish();
    const closed = worker.close();
    await vi.advanceTimersByTimeAsync(5000);
    await closed;
    expect(runs()).toBe(2);
  });

  it("drain waits for a run under way, then runs and answers its result", async () => {
    const { worker, finish } = counting();
    worker.nudge();
    const drained = worker.drain();
    await finish();
    await finish();
    expect(await drained).toBe(2);
  });

  it("tells a failed run and carries on", async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const worker = createBackgroundWorker({
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("down");
        return calls;
      },
      pollMs: 1000,
      onFailure: (error) => failures.push(error),
    });
    worker.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toHaveLength(1);
    expect(await worker.drain()).toBe(2);
  });
});
