// The WHATWG URL classes exist in every runtime core runs in (browsers, Node 20+), but
// core compiles against the ES library only (no DOM, no Node types). This module reaches
// them through globalThis with the small part of their API core uses typed here, so no
// global declaration can clash with a consumer's DOM or Node types.

/** The part of `URLSearchParams` core uses. */
export interface QueryParams {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
}

/** The part of `URL` core uses. */
export interface ParsedUrl {
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly searchParams: QueryParams;
  toString(): string;
}

const globals = globalThis as unknown as {
  URL: new (url: string, base?: string) => ParsedUrl;
  URLSearchParams: new (init?: string) => QueryParams;
};

/** Parses a URL (relative to `base` when given); null when it is not a URL. */
export const parseUrl = (url: string, base?: string): ParsedUrl | null => {
  try {
    return base === undefined ? new globals.URL(url) : new globals.URL(url, base);
  } catch {
    return null;
  }
};

/** Parses a query string ("?a=1&b=2" or "a=1&b=2"). */
export const queryParams = (search: string): QueryParams => new globals.URLSearchParams(search);
