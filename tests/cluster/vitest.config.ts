import { defineConfig } from "vitest/config";

// `corepack pnpm test:cluster`: the cluster suite on its own (root, a build, Debian's
// PostgreSQL binaries, redis-server, haproxy and iproute2; it stops and starts the cluster's
// own PostgreSQL and Redis, never the machine's; Patroni and etcd for its database hosts),
// never part of `pnpm test`. faults.test.ts in order, each case breaks the cluster and mends
// it (a database host killed too); backup.test.ts restores a backup to a point in time on a
// cluster of its own (`corepack pnpm test:cluster backup` alone).
export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "cluster",
    root: import.meta.dirname,
    include: ["*.test.ts"],
    environment: "node",
    fileParallelism: false,
    // Starting three nodes (migrations, seed) and restarting them one by one are the steps;
    // each waits for a state (ready, the balancer's check), the timeouts only end a hang.
    hookTimeout: 300_000,
    testTimeout: 600_000,
  },
});
