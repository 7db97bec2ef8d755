// The WHATWG URL globals exist in every runtime core runs in (browsers, Node 20+),
// but core compiles against the ES library only (no DOM, no Node types), so the part
// of their API core uses is declared here. Do not add DOM or Node APIs to this file.
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
