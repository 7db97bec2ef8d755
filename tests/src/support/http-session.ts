/**
 * A minimal browser stand-in for HTTP-level journeys: it keeps cookies per origin and
 * follows redirects by hand, so a caller can stop at the redirect that carries a code.
 */
export class HttpSession {
  readonly #cookies = new Map<string, string>();

  /** The Cookie header this session sends (for a request made by other means). */
  cookieHeader(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** One request with the session's cookies; never follows a redirect itself. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An expired or emptied cookie is the server's way to delete it.
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return res;
  }

  /**
   * Follows redirects from `url` until `stop(location)` holds for a redirect target (returned
   * without fetching it) or a non-redirect answer arrives (returned with its final URL).
   */
  async follow(
    url: string | URL,
    stop: (location: URL) => boolean,
    init: RequestInit = {},
  ): Promise<{ url: URL; response: Response | undefined }> {
    let current = new URL(url);
    let res = await this.fetch(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location)
        return { url: current, response: res };
      await res.body?.cancel();
      current = new URL(location, current);
      if (stop(current)) return { url: current, response: undefined };
      res = await this.fetch(current);
    }
    throw new Error(`too many redirects from ${String(url)}`);
  }
}
