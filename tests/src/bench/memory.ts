import { readFileSync } from "node:fs";

/** Resident set size of process `pid` in MB (Linux /proc). */
export const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
};

/** Samples the RSS of `pid` every `everyMs` until stopped; returns the peak. */
export const sampleRss = (pid: number, everyMs = 200): { stop: () => number } => {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process ended; keep the last peak.
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
};
