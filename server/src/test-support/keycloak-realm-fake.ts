import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PERSON_ID_ATTRIBUTE } from "../provider/index.js";

/** The test issuer's support client secret (the server's SUPPORT_CLIENT_SECRET in tests). */
export const TEST_SUPPORT_SECRET = "test-support-secret-0123456789abcdef";
const SUPPORT_CLIENT = "portal-support";

/**
 * What the test issuer keeps of a Keycloak realm: users with their `cr_id` and open
 * sessions, and every admin call made, so a test can see a person's sessions end.
 */
export interface KeycloakRealmFake {
  /** Adds a Keycloak user for `personId` with open sessions; answers the user's id. */
  addUser(personId: string, sessionIds: ReadonlyArray<string>): string;
  /** The person's open session ids. */
  sessionsOf(personId: string): string[];
  /** Admin calls made, as "METHOD /path" relative to the admin base. */
  readonly calls: string[];
  /** How many access tokens the token endpoint issued. */
  tokensIssued(): number;
  /** While true every admin call answers 503 (Keycloak down or overloaded). */
  unavailable: boolean;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

/**
 * The parts of Keycloak a portal server calls as its admin (discovery, the client
 * credentials grant, user search by attribute, logout, sessions), over the paths and shapes
 * of Keycloak's documented admin REST API. Answers true when it handled the request.
 */
export const createKeycloakRealmFake = (
  issuer: () => string,
): KeycloakRealmFake & {
  handle(req: IncomingMessage, res: ServerResponse): boolean;
} => {
  const users = new Map<string, { personId: string; sessions: Set<string> }>();
  const tokens = new Set<string>();
  const calls: string[] = [];
  const adminBase = () => new URL(issuer()).pathname.replace("/realms/", "/admin/realms/");

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? "/", issuer());
    const realm = new URL(issuer()).pathname;
    if (url.pathname === `${realm}/.well-known/openid-configuration`) {
      json(res, 200, {
        issuer: issuer(),
        token_endpoint: `${issuer()}/protocol/openid-connect/token`,
        jwks_uri: `${issuer()}/protocol/openid-connect/certs`,
        authorization_endpoint: `${issuer()}/protocol/openid-connect/auth`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        grant_types_supported: ["authorization_code", "client_credentials"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      });
      return true;
    }
    if (url.pathname === `${realm}/protocol/openid-connect/token` && req.method === "POST") {
      // Keycloak takes the client's credentials in the body or as Basic authentication.
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const basic = `Basic ${Buffer.from(`${SUPPORT_CLIENT}:${TEST_SUPPORT_SECRET}`).toString("base64")}`;
        const known =
          req.headers.authorization === basic ||
          (form.get("client_id") === SUPPORT_CLIENT &&
            form.get("client_secret") === TEST_SUPPORT_SECRET);
        if (!known || form.get("grant_type") !== "client_credentials") {
          json(res, 401, { error: "invalid_client" });
          return;
        }
        const token = randomUUID();
        tokens.add(token);
        json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 300 });
      });
      return true;
    }
    if (!url.pathname.startsWith(adminBase())) return false;
    const path = url.pathname.slice(adminBase().length);
    calls.push(`${req.method} ${path}${url.search}`);
    if (fake.unavailable) {
      res.writeHead(503).end();
      return true;
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokens.has(bearer)) {
      json(res, 401, { error: "HTTP 401 Unauthorized" });
      return true;
    }
    const userMatch = /^\/users\/([^/]+)\/(logout|sessions)$/.exec(path);
    const sessionMatch = /^\/sessions\/([^/]+)$/.exec(path);
    if (path === "/users" && req.method === "GET") {
      const [key, value] = (url.searchParams.get("q") ?? "").split(":");
      json(
        res,
        200,
        [...users.entries()]
          .filter(([, u]) => key === PERSON_ID_ATTRIBUTE && u.personId === value)
          .map(([id, u]) => ({ id, attributes: { [PERSON_ID_ATTRIBUTE]: [u.personId] } })),
      );
    } else if (userMatch) {
      const user = users.get(decodeURIComponent(userMatch[1] ?? ""));
      if (!user) json(res, 404, { error: "User not found" });
      else if (userMatch[2] === "logout" && req.method === "POST") {
        user.sessions.clear();
        res.writeHead(204).end();
      } else if (userMatch[2] === "sessions" && req.method === "GET") {
        json(
          res,
          200,
          [...user.sessions].map((id) => ({ id })),
        );
      } else res.writeHead(405).end();
    } else if (sessionMatch && req.method === "DELETE") {
      const id = decodeURIComponent(sessionMatch[1] ?? "");
      for (const user of users.values()) user.sessions.delete(id);
      res.writeHead(204).end();
    } else res.writeHead(404).end();
    return true;
  };

  const fake: KeycloakRealmFake & { handle: typeof handle } = {
    unavailable: false,
    handle,
    calls,
    tokensIssued: () => tokens.size,
    addUser(personId, sessionIds) {
      const id = randomUUID();
      users.set(id, { personId, sessions: new Set(sessionIds) });
      return id;
    },
    sessionsOf(personId) {
      return [...users.values()]
        .filter((u) => u.personId === personId)
        .flatMap((u) => [...u.sessions]);
    },
  };
  return fake;
};
