import { readdirSync, readFileSync } from "node:fs";

/** Resident set size of process `pid` in MB (Linux /proc). */
export const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
};

/** CPU time (user + system, all threads) process `pid` has used so far, in seconds. */
export const cpuSeconds = (pid: number): number => {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing ")".
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/** The processes of process group `pgid` (Keycloak's kc.sh leads its own, with its java). */
export const processGroup = (pgid: number): number[] =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return (
          Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]) === pgid
        );
      } catch {
        return false;
      }
    });

/** CPU seconds of every process in `pids` that still runs. */
export const cpuSecondsOf = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum;
    }
  }, 0);
