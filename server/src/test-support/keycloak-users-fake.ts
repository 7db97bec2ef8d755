import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createKeycloakAdmin, type KeycloakAdmin } from "../provider/index.js";

const SECRET = "users-fake-secret";

/** A user as the fake keeps it: the last representation written, and its credentials. */
export interface FakeUser {
  readonly id: string;
  representation: Record<string, unknown> & {
    attributes?: Record<string, string[]>;
  };
  credentials: FakeCredential[];
}

/** A credential as the fake keeps it; the admin API answers all but `secretData`. */
export interface FakeCredential {
  id: string;
  type: string;
  secretData: string;
  credentialData: string;
  userLabel?: string;
  /** Milliseconds since 1970, as Keycloak's `createdDate`. */
  createdDate?: number;
}

/** A stand-in for Keycloak's admin REST API of one realm's users, over real HTTP. */
export interface KeycloakUsersFake {
  readonly issuer: string;
  /** An admin client of the fake, as the server builds one for Keycloak. */
  readonly admin: KeycloakAdmin;
  readonly users: Map<string, FakeUser>;
  /** Every admin call that changed something, as "METHOD /path". */
  readonly writes: string[];
  /** The users whose `cr_id` is `personId`. */
  usersOf(personId: string): FakeUser[];
  /** While true every admin call answers 503 (Keycloak down or overloaded). */
  unavailable: boolean;
  /** Answers 503 to the calls it says yes to ("METHOD /path"), e.g. only deletions. */
  failing: ((call: string) => boolean) | undefined;
  /** While set, every admin call waits for it before it is answered (Keycloak slow). */
  held: Promise<void> | undefined;
  /**
   * Gives a user a credential as Keycloak's own actions make them (CONFIGURE_TOTP,
   * webauthn-register-passwordless, CONFIGURE_RECOVERY_AUTHN_CODES); answers its id.
   */
  addCredential(
    userId: string,
    credential: Pick<FakeCredential, "type"> & Partial<Omit<FakeCredential, "id">>,
  ): string;
  close(): Promise<void>;
}

const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => resolve(body));
  });

/**
 * Starts the fake on a free loopback port: discovery, the client-credentials grant, and
 * the user calls the user sync makes (search by `cr_id`, create, update with or without
 * credentials, delete, list and delete credentials), with Keycloak's paths and answers.
 */
export const startKeycloakUsersFake = async (): Promise<KeycloakUsersFake> => {
  const users = new Map<string, FakeUser>();
  const writes: string[] = [];
  let issuer = "";
  const crIdOf = (user: FakeUser) => user.representation.attributes?.cr_id?.[0];
  const takeCredentials = (user: FakeUser, rep: Record<string, unknown>) => {
    const given = rep.credentials as FakeUser["credentials"] | undefined;
    if (given && given.length > 0) {
      user.credentials = [
        ...user.credentials.filter((c) => c.type !== "password"),
        ...given.map((c) => ({ ...c, id: randomUUID() })),
      ];
    }
  };
  const server: Server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", issuer);
    const body = await bodyOf(req);
    if (url.pathname === "/realms/portal/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        token_endpoint: `${issuer}/protocol/openid-connect/token`,
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
        authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
        response_types_supported: ["code"],
      });
    }
    if (url.pathname === "/realms/portal/protocol/openid-connect/token") {
      return json(200, { access_token: "token", token_type: "Bearer", expires_in: 300 });
    }
    const prefix = "/admin/realms/portal";
    if (!url.pathname.startsWith(prefix)) return json(404, {});
    if (fake.held) await fake.held;
    if (fake.unavailable) return json(503, {});
    const path = url.pathname.slice(prefix.length);
    if (fake.failing?.(`${req.method} ${path}`)) return json(503, {});
    if (req.method !== "GET") writes.push(`${req.method} ${path}`);
    const [, , id, sub, credentialId] = path.split("/");
    const user = id ? users.get(id) : undefined;
    if (path === "/users" && req.method === "GET") {
      const [key, value] = (url.searchParams.get("q") ?? "").split(":");
      if (key !== "cr_id") return json(400, {});
      return json(
        200,
        [...users.values()]
          .filter((u) => crIdOf(u) === value)
          .map((u) => ({ id: u.id, ...u.representation })),
      );
    }
    if (path === "/users" && req.method === "POST") {
      const rep = JSON.parse(body) as FakeUser["representation"];
      if ([...users.values()].some((u) => u.representation.username === rep.username)) {
        return json(409, { errorMessage: "User exists with same username" });
      }
      const created: FakeUser = { id: randomUUID(), representation: rep, credentials: [] };
      takeCredentials(created, rep);
      delete created.representation.credentials;
      users.set(created.id, created);
      res.writeHead(201, {
        location: `${issuer.replace("/realms/", "/admin/realms/")}/users/${created.id}`,
      });
      return res.end();
    }
    if (!user) return json(404, { error: "User not found" });
    if (!sub && req.method === "PUT") {
      const rep = JSON.parse(body) as FakeUser["representation"];
      takeCredentials(user, rep);
      delete rep.credentials;
      user.representation = rep;
      return res.writeHead(204).end();
    }
    if (!sub && req.method === "DELETE") {
      users.delete(user.id);
      return res.writeHead(204).end();
    }
    if (sub === "credentials" && req.method === "GET") {
      // Keycloak answers everything but the secret.
      return json(
        200,
        user.credentials.map(({ secretData: _, ...shown }) => shown),
      );
    }
    if (sub === "credentials" && credentialId && req.method === "DELETE") {
      if (!user.credentials.some((c) => c.id === credentialId)) return json(404, {});
      user.credentials = user.credentials.filter((c) => c.id !== credentialId);
      return res.writeHead(204).end();
    }
    return json(405, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("fake has no port");
  issuer = `http://127.0.0.1:${address.port}/realms/portal`;
  const fake: KeycloakUsersFake = {
    issuer,
    admin: createKeycloakAdmin({ issuer, clientId: "portal-support", clientSecret: SECRET }),
    users,
    writes,
    usersOf: (personId) => [...users.values()].filter((u) => crIdOf(u) === personId),
    unavailable: false,
    failing: undefined,
    held: undefined,
    addCredential: (userId, credential) => {
      const user = users.get(userId);
      if (!user) throw new Error(`no user ${userId}`);
      const id = randomUUID();
      user.credentials.push({ secretData: "{}", credentialData: "{}", ...credential, id });
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
};
