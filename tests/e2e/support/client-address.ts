/**
 * One client address per test (10.<worker>.x.y), unique within the worker's portal: the
 * portal's per-client budgets then count each test alone, as they would count people.
 */
export class ClientAddresses {
  readonly #worker: number;
  #count = 0;

  constructor(parallelIndex: number) {
    if (parallelIndex > 255) throw new Error(`worker ${parallelIndex}: at most 256 workers`);
    this.#worker = parallelIndex;
  }

  next(): string {
    this.#count += 1;
    if (this.#count > 0xffff) throw new Error("more than 65535 tests in one worker");
    return `10.${this.#worker}.${this.#count >> 8}.${this.#count & 0xff}`;
  }
}

/**
 * Makes the test process's own requests to `origin` (API set-up, support API, the HTTP
 * sign-in) carry `address` as X-Forwarded-For, like its browser's, until the returned
 * function restores `fetch`. The outbox (`/outbox`) is left alone: it answers only a
 * request made on this machine without a proxy header. Tests of one worker run one after
 * another, so swapping the global for one test touches no other.
 */
export const fetchAsClient = (origin: string, address: string): (() => void) => {
  const original = globalThis.fetch;
  const forwarded: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === origin && !url.pathname.startsWith("/outbox")) {
      request.headers.set("x-forwarded-for", address);
    }
    return original(request);
  };
  globalThis.fetch = forwarded;
  return () => {
    globalThis.fetch = original;
  };
};
