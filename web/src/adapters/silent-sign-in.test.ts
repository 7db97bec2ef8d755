import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  carriesAuthorizationResponse,
  PKCE_VERIFIER_LENGTH,
  pkceChallenge,
  randomString,
  silentSignIn,
} from "./silent-sign-in.js";

const crypto = webcrypto as unknown as Crypto;
const origin = "https://portal.example";
const realm = `${origin}/realms/portal/protocol/openid-connect`;
const silentPage = `${origin}/benutzerverwaltung/silent-check-sso.html`;
const options = {
  authorizationEndpoint: `${realm}/auth`,
  tokenEndpoint: `${realm}/token`,
  clientId: "benutzerverwaltung",
  redirectUri: silentPage,
  crypto,
};

const jwt = (claims: object): string =>
  ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), "sig"].join(".");

/** A response as fetch gives it after following redirects: its final address in `url`. */
const landedAt = (url: string, body = "", status = 200): Response => {
  const response = new Response(body, { status });
  Object.defineProperty(response, "url", { value: url });
  return response;
};

interface ProviderBehaviour {
  /** The browser has a session at the provider. */
  readonly session: boolean;
  /** Where the authorization request ends instead of the silent page. */
  readonly landsAt?: string;
  readonly stateEchoed?: (state: string) => string;
  readonly nonceInIdToken?: (nonce: string) => string;
  readonly tokenStatus?: number;
}

/**
 * An OpenID Connect provider as the browser's fetch sees it: the authorization endpoint
 * answers with the silent page's address (code or error); the token endpoint redeems the
 * code once, only with the verifier whose S256 hash the authorization request carried.
 */
const provider = (behaviour: ProviderBehaviour) => {
  const requests: Array<{ url: URL; init: RequestInit | undefined }> = [];
  let issued: { code: string; challenge: string; nonce: string; redirectUri: string } | null = null;
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push({ url, init });
    if (url.href.startsWith(options.authorizationEndpoint)) {
      const q = url.searchParams;
      if (behaviour.landsAt) return landedAt(behaviour.landsAt, "<form>");
      const back = new URL(q.get("redirect_uri") ?? "");
      const state = q.get("state") ?? "";
      back.searchParams.set("state", behaviour.stateEchoed?.(state) ?? state);
      if (!behaviour.session) back.searchParams.set("error", "login_required");
      else {
        issued = {
          code: `code-${requests.length}`,
          challenge: q.get("code_challenge") ?? "",
          nonce: q.get("nonce") ?? "",
          redirectUri: back.href.split("?")[0] ?? "",
        };
        back.searchParams.set("code", issued.code);
      }
      return landedAt(back.href);
    }
    if (url.href === options.tokenEndpoint && init?.method === "POST") {
      const form = new URLSearchParams(String(init.body));
      const grant = issued;
      issued = null;
      const valid =
        grant !== null &&
        form.get("grant_type") === "authorization_code" &&
        form.get("code") === grant.code &&
        form.get("redirect_uri") === grant.redirectUri &&
        (await pkceChallenge(form.get("code_verifier") ?? "", crypto)) === grant.challenge;
      if (!valid || behaviour.tokenStatus)
        return landedAt(url.href, '{"error":"invalid_grant"}', behaviour.tokenStatus ?? 400);
      const nonce = behaviour.nonceInIdToken?.(grant.nonce) ?? grant.nonce;
      return landedAt(
        url.href,
        JSON.stringify({
          access_token: jwt({ sub: "u1" }),
          refresh_token: jwt({ typ: "Refresh" }),
          id_token: jwt({ sub: "u1", nonce }),
        }),
      );
    }
    return landedAt(url.href, "", 404);
  }) as typeof fetch;
  return { fetchFn, requests };
};

describe("silent sign-in check without an iframe (same-origin provider)", () => {
  it("a browser without a session: the provider's login_required, and nothing is redeemed", async () => {
    const { fetchFn, requests } = provider({ session: false });
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "provider-error",
      error: "login_required",
    });
    expect(requests).toHaveLength(1);
    const [auth] = requests;
    const q = auth?.url.searchParams;
    expect(Object.fromEntries(q ?? [])).toMatchObject({
      client_id: "benutzerverwaltung",
      redirect_uri: silentPage,
      response_type: "code",
      response_mode: "query",
      scope: "openid",
      prompt: "none",
      code_challenge_method: "S256",
    });
    // The provider's cookies go along (same origin), and nothing is cached.
    expect(auth?.init).toMatchObject({ credentials: "same-origin", redirect: "follow" });
    expect(auth?.init?.cache).toBe("no-store");
  });

  it("a browser with a session: the code is redeemed with the PKCE verifier, the tokens come back", async () => {
    const { fetchFn, requests } = provider({ session: true });
    const result = await silentSignIn({ ...options, fetchFn });
    expect(result._tag).toBe("SignedIn");
    const verifier = new URLSearchParams(String(requests[1]?.init?.body)).get("code_verifier");
    // Spec section 9: 96 characters, from RFC 7636's unreserved set.
    expect(verifier).toMatch(new RegExp(`^[A-Za-z0-9]{${PKCE_VERIFIER_LENGTH}}$`));
    expect(requests[0]?.url.searchParams.get("code_challenge")).toBe(
      await pkceChallenge(verifier ?? "", crypto),
    );
  });

  it("every check draws its own state, nonce and verifier", async () => {
    const { fetchFn, requests } = provider({ session: false });
    await silentSignIn({ ...options, fetchFn });
    await silentSignIn({ ...options, fetchFn });
    const [a, b] = requests.map((r) => r.url.searchParams);
    for (const key of ["state", "nonce", "code_challenge"]) {
      expect(a?.get(key)).toMatch(/^[\w-]{32,}$/);
      expect(a?.get(key)).not.toBe(b?.get(key));
    }
  });

  it("an answer for another state is not redeemed", async () => {
    const { fetchFn, requests } = provider({ session: true, stateEchoed: () => "forged" });
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "state-mismatch",
    });
    expect(requests).toHaveLength(1);
  });

  it("an ID token for another nonce signs out (spec section 4: an invalid nonce clears the token)", async () => {
    const { fetchFn } = provider({ session: true, nonceInIdToken: () => "replayed" });
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "nonce-mismatch",
    });
  });

  it.each([
    ["a login form", `${origin}/realms/portal/login-actions/authenticate`],
    [
      "another origin's page of the same path",
      "https://evil.example/benutzerverwaltung/silent-check-sso.html",
    ],
  ])("an answer that ends at %s is no answer", async (_, landsAt) => {
    const { fetchFn, requests } = provider({ session: true, landsAt });
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "unexpected-address",
    });
    expect(requests).toHaveLength(1);
  });

  it("a refused code (the token endpoint's 400) signs out", async () => {
    const { fetchFn } = provider({ session: true, tokenStatus: 400 });
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "token-request-failed",
      error: "400",
    });
  });

  it("a token answer without an ID token (nothing to check the nonce against) signs out", async () => {
    const { fetchFn: provider$ } = provider({ session: true });
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await provider$(input, init);
      if (!String(input).endsWith("/token")) return response;
      const { id_token: _dropped, ...rest } = (await response.json()) as Record<string, unknown>;
      return landedAt(String(input), JSON.stringify(rest));
    }) as typeof fetch;
    expect(await silentSignIn({ ...options, fetchFn })).toEqual({
      _tag: "SignedOut",
      reason: "token-request-failed",
      error: "incomplete",
    });
  });

  it("a network failure rejects, as keycloak-js's check does", async () => {
    const fetchFn = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await expect(silentSignIn({ ...options, fetchFn })).rejects.toThrow("Failed to fetch");
  });
});

describe("random strings for state, nonce and verifier", () => {
  it("draws bytes that would favour the first letters again (no modulo bias)", () => {
    // 62 letters: bytes 248 to 255 would map to A..H a second time; they are skipped.
    let call = 0;
    const skewed = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        bytes.fill(call++ === 0 ? 255 : 1);
        return array;
      },
    } as unknown as Crypto;
    expect(randomString(4, skewed)).toBe("BBBB");
  });
});

describe("an authorization response in the page's address", () => {
  it.each([
    [
      "keycloak-js's redirect back (fragment)",
      `${origin}/benutzerverwaltung/konto#state=s&code=c`,
      true,
    ],
    [
      "an action's status",
      `${origin}/benutzerverwaltung/konto#state=s&kc_action_status=success`,
      true,
    ],
    ["in the query", `${origin}/benutzerverwaltung/?state=s&code=c`, true],
    ["a plain page", `${origin}/benutzerverwaltung/registrieren?prk=MC`, false],
    ["an anchor", `${origin}/benutzerverwaltung/registrieren#main`, false],
  ])("%s: %s", (_, href, expected) => {
    expect(carriesAuthorizationResponse(href)).toBe(expected);
  });
});
