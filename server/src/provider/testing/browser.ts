/**
 * A tiny browser for integration tests: a cookie jar, manual redirects, form posts.
 * Enough to drive the provider's pages the way keycloak-js's redirects do.
 */
/** A User-Agent of Firefox on Linux, for tests of what mails and lists say of the device. */
export const FIREFOX_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

export class TestBrowser {
  // Name -> value and when it expires (Max-Age / Expires; undefined lasts the session).
  readonly #cookies = new Map<string, { value: string; expiresAt: number | undefined }>();

  /** `userAgent`: the User-Agent header every request sends (the device lists read it). */
  constructor(
    readonly origin: string,
    readonly userAgent?: string,
  ) {}

  /** One request; stores cookies; does not follow redirects. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.origin).href;
    const headers = new Headers(init.headers);
    const sameOrigin = new URL(absolute).origin === this.origin;
    if (this.userAgent) headers.set("user-agent", this.userAgent);
    // Like a browser, an expired cookie is no longer sent (Date.now, so a faked clock counts).
    for (const [name, cookie] of this.#cookies) {
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= Date.now()) {
        this.#cookies.delete(name);
      }
    }
    if (sameOrigin && this.#cookies.size > 0) {
      headers.set("cookie", [...this.#cookies].map(([k, c]) => `${k}=${c.value}`).join("; "));
    }
    const response = await fetch(absolute, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expiresAt = cookieExpiry(attributes);
      if (value === "" || (expiresAt !== undefined && expiresAt <= Date.now())) {
        this.#cookies.delete(name);
      } else this.#cookies.set(name, { value, expiresAt });
    }
    return response;
  }

  /**
   * Closes and opens the browser again: cookies without an expiry (the provider's session,
   * an interaction's) are gone, persistent ones stay, as in a real browser.
   */
  restart(): void {
    for (const [name, cookie] of this.#cookies) {
      if (cookie.expiresAt === undefined) this.#cookies.delete(name);
    }
  }

  /** The value of cookie `name`, when the browser holds it. */
  cookie(name: string): string | undefined {
    return this.#cookies.get(name)?.value;
  }

  /** Puts a cookie in the jar, as if a server had set it (copied from another browser). */
  setCookie(name: string, value: string, expiresAt?: number): void {
    this.#cookies.set(name, { value, expiresAt });
  }

  /** GET `url` and follow redirects while they stay on this origin; returns the last response. */
  async open(url: string, stopAt?: string): Promise<{ response: Response; url: string }> {
    let current = new URL(url, this.origin).href;
    for (let hops = 0; hops < 15; hops++) {
      if (stopAt && current.startsWith(stopAt))
        return { response: new Response(null), url: current };
      const response = await this.request(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        return { response, url: current };
      }
      current = new URL(location, current).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** POSTs a form and follows the redirects like {@link open}. */
  async submit(
    action: string,
    fields: Record<string, string>,
    stopAt?: string,
  ): Promise<{ response: Response; url: string }> {
    const response = await this.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      return this.open(new URL(location, new URL(action, this.origin)).href, stopAt);
    }
    return { response, url: new URL(action, this.origin).href };
  }
}

/** When a Set-Cookie line's cookie expires: Max-Age wins over Expires (RFC 6265). */
const cookieExpiry = (attributes: ReadonlyArray<string>): number | undefined => {
  const attribute = (name: string) =>
    attributes
      .map((a) => a.trim())
      .find((a) => a.toLowerCase().startsWith(`${name}=`))
      ?.slice(name.length + 1);
  const maxAge = attribute("max-age");
  if (maxAge !== undefined) return Date.now() + Number(maxAge) * 1000;
  const expires = attribute("expires");
  return expires === undefined ? undefined : Date.parse(expires);
};

/** The `action` of the form with `id` in `html`. */
export const formAction = (html: string, id: string): string => {
  const match = new RegExp(`<form id="${id.replace(/\./g, "\\.")}"[^>]*action="([^"]+)"`).exec(
    html,
  );
  if (!match?.[1]) throw new Error(`no form #${id} in page:\n${html.slice(0, 2000)}`);
  return match[1].replace(/&amp;/g, "&");
};

/** The value of the hidden input `name` in `html`. */
export const hiddenValue = (html: string, name: string): string => {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no input ${name} in page`);
  return match[1];
};
