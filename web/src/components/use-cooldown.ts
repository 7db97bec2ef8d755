import { useCallback, useEffect, useState } from "react";

/** What {@link useCooldown} gives: the whole seconds left (0 when ready) and the way to start. */
export interface Cooldown {
  readonly remaining: number;
  readonly start: () => void;
}

/**
 * A wait of `seconds` after each `start()`, counted against the clock (Date.now) rather than
 * by counting ticks: a background tab's timers run late, the deadline does not. Time is an
 * input: tests move it with fake timers.
 */
export function useCooldown(seconds: number): Cooldown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) setDeadline(null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  }, [seconds]);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, start };
}
