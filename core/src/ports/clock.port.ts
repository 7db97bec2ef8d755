/**
 * The current time, injected so rules with dates and expiry are testable.
 *
 * @example
 * const fixed: Clock = { now: () => new Date("2026-01-01T00:00:00Z") };
 */
export interface Clock {
  now(): Date;
}

/**
 * The real clock.
 *
 * @example
 * yearOptions(systemClock);
 */
export const systemClock: Clock = { now: () => new Date() };
