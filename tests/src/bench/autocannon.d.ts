// The part of autocannon 9's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Requests per second over all connections (default: as fast as answered). */
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Called once per connection, e.g. to give each its own headers. */
    setupClient?: (client: { setHeaders(headers: Record<string, string>): void }) => void;
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    export type { Options, Result };
  }
  export default autocannon;
}
