import type { Clock } from "@portal/core";

/** A clock that can be moved: tests (in-process) and the TEST_CLOCK server (end-to-end). */
export interface SettableClock extends Clock {
  /** Runs from `date` on (the system clock's pace). */
  set(date: Date): void;
  /** Moves the clock forward by `ms` (back for a negative value). */
  advance(ms: number): void;
  /** Stops the clock at `date` (boundary tests); `advance` moves it, `set` lets it run again. */
  freeze(date: Date): void;
}

/**
 * Starts at the system time and runs at its pace, shifted by whatever `set`/`advance` asked
 * for; `freeze` holds it still.
 *
 * @example
 * const clock = settableClock();
 * clock.advance(5 * 60_000); // five minutes later, without waiting
 */
export const settableClock = (): SettableClock => {
  let offset = 0;
  let frozen: number | undefined;
  return {
    now: () => new Date(frozen ?? Date.now() + offset),
    set: (date) => {
      frozen = undefined;
      offset = date.getTime() - Date.now();
    },
    advance: (ms) => {
      if (frozen !== undefined) frozen += ms;
      else offset += ms;
    },
    freeze: (date) => {
      frozen = date.getTime();
    },
  };
};
