import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** A token the CLI holds for one issuer. */
export interface StoredToken {
  readonly grant: "device_code" | "client_credentials";
  readonly clientId: string;
  readonly accessToken: string;
  readonly refreshToken: string | null;
  /** Expiry of the access token, in seconds since the epoch. */
  readonly expiresAt: number;
  /**
   * For client-credentials tokens: a SHA-256 fingerprint of the client secret that got
   * it, so a changed (or wrong) PORTAL_CLIENT_SECRET never reuses a cached token.
   */
  readonly secretFingerprint?: string;
}

/** The tokens of one issuer: a staff member's own sign-in and a client-credentials token. */
export interface IssuerTokens {
  readonly login?: StoredToken;
  readonly client?: StoredToken;
}

/** Where the CLI keeps tokens between runs. */
export interface TokenStore {
  read(issuer: string): Promise<IssuerTokens>;
  write(issuer: string, tokens: IssuerTokens): Promise<void>;
  /** Removes the issuer's tokens; true when there were any. */
  remove(issuer: string): Promise<boolean>;
}

interface TokenFile {
  readonly version: 1;
  readonly issuers: Record<string, IssuerTokens>;
}

const EMPTY: TokenFile = { version: 1, issuers: {} };

const isTokenFile = (value: unknown): value is TokenFile =>
  typeof value === "object" &&
  value !== null &&
  (value as { version?: unknown }).version === 1 &&
  typeof (value as { issuers?: unknown }).issuers === "object";

/**
 * Tokens in one JSON file readable by its owner only (mode 0600, folder 0700),
 * written through a temporary file and a rename so a crash never leaves half a file.
 */
export class FileTokenStore implements TokenStore {
  constructor(readonly path: string) {}

  private async load(): Promise<TokenFile> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.path, "utf8"));
      // A file of another shape (hand-edited, older version) counts as no tokens.
      return isTokenFile(parsed) ? parsed : EMPTY;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || error instanceof SyntaxError)
        return EMPTY;
      throw error;
    }
  }

  private async save(file: TokenFile): Promise<void> {
    if (Object.keys(file.issuers).length === 0) {
      await rm(this.path, { force: true });
      return;
    }
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    // writeFile keeps the mode of a file that already exists; make sure of it.
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  async read(issuer: string): Promise<IssuerTokens> {
    return (await this.load()).issuers[issuer] ?? {};
  }

  async write(issuer: string, tokens: IssuerTokens): Promise<void> {
    const file = await this.load();
    const issuers = { ...file.issuers };
    if (tokens.login || tokens.client) issuers[issuer] = tokens;
    else delete issuers[issuer];
    await this.save({ version: 1, issuers });
  }

  async remove(issuer: string): Promise<boolean> {
    const file = await this.load();
    if (!file.issuers[issuer]) return false;
    const { [issuer]: _removed, ...rest } = file.issuers;
    await this.save({ version: 1, issuers: rest });
    return true;
  }
}
