/** The current time, injected so rules with dates and expiry are testable. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
