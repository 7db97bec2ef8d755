import { AsyncLocalStorage } from "node:async_hooks";

// Every request the mix sends goes through `fetch`, also those the shared helpers make
// (tests/src/support: the provider sign-in, the outbox reader). Instead of copying them with
// a header and a counter added, the mix runs each person's work in an async context that
// names the person's client address, and one wrapper of the global fetch adds it as
// X-Forwarded-For (so the per-client budgets count each person alone, as the end-to-end
// suite does) and counts the request and its outcome.

/**
 * The `n`th client address of a /16 block (`198.18`): one per person or per sign-in, so the
 * per-client budgets (60 sign-in posts a minute, 20 registrations an hour) count them apart.
 */
export const clientAddress = (block: string, n: number): string =>
  `${block}.${(n >> 8) & 255}.${n & 255}`;

/** Requests of one phase: how many were sent, how many failed, and which. */
export class Tally {
  sent = 0;
  failed = 0;
  /** `503 POST /api/...` (or `network GET /...`) to how often. */
  readonly failures = new Map<string, number>();

  /** `outcome`: the status, or for no answer the error's cause (`network UND_ERR_SOCKET`). */
  record(method: string, url: string, outcome: number | `network${string}`): void {
    this.sent++;
    // A 5xx or no answer is a failure whatever the request; a 4xx is the operation's concern.
    if (typeof outcome === "number" && outcome < 500) return;
    this.failed++;
    const key = `${outcome} ${method} ${new URL(url).pathname}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  /** The failures counted by status alone (`503`, `network UND_ERR_SOCKET`), as one line. */
  describeStatuses(): string {
    const byStatus = new Map<string, number>();
    for (const [what, n] of this.failures) {
      const status = what.startsWith("network ")
        ? what.split(" ").slice(0, 2).join(" ")
        : what.split(" ")[0]!;
      byStatus.set(status, (byStatus.get(status) ?? 0) + n);
    }
    return [...byStatus].map(([status, n]) => `${n}x ${status}`).join(", ");
  }

  /** The failures as one line, most frequent first. */
  describeFailures(): string {
    return [...this.failures]
      .sort((a, b) => b[1] - a[1])
      .map(([what, n]) => `${n}x ${what}`)
      .join(", ");
  }
}

/** Who sends the requests of an async context. */
export interface Caller {
  readonly address: string;
  readonly tally: () => Tally;
}

const callers = new AsyncLocalStorage<Caller>();
let originalFetch: typeof fetch | undefined;

/** Wraps the global fetch once (see above); requests outside {@link asCaller} pass untouched. */
export const instrumentFetch = (): void => {
  if (originalFetch) return;
  const plain = globalThis.fetch;
  originalFetch = plain;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const caller = callers.getStore();
    if (!caller) return plain(input, init);
    const request = new Request(input, init);
    request.headers.set("x-forwarded-for", caller.address);
    try {
      const response = await plain(request);
      caller.tally().record(request.method, request.url, response.status);
      return response;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      caller
        .tally()
        .record(request.method, request.url, `network ${cause?.code ?? cause?.message ?? "?"}`);
      throw error;
    }
  };
};

/** Runs `work` with every request it makes sent as `caller` and counted in its tally. */
export const asCaller = <T>(caller: Caller, work: () => Promise<T>): Promise<T> =>
  callers.run(caller, work);
