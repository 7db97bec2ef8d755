import pg from "pg";
import { cpuSeconds } from "./memory.js";

// Both systems of the sign-in bench share the machine's PostgreSQL: the CPU its backends
// spend for one database (each system has its own) is read from /proc, as for the servers.

/** The backends serving database `name` now and their CPU seconds so far. */
export const backendCpu = async (name: string): Promise<Map<number, number>> => {
  const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1",
      [name],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuSeconds(pid));
      } catch {
        // The backend ended meanwhile.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
};

/** CPU seconds the backends of `after` used since `before` (a new backend counts whole). */
export const backendCpuSince = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
