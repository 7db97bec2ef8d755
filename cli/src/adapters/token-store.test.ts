import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileTokenStore, type StoredToken } from "./token-store.js";

const token: StoredToken = {
  grant: "device_code",
  clientId: "portal-support",
  accessToken: "a.b.c",
  refreshToken: "r",
  expiresAt: 2_000_000_000,
};
const issuer = "http://portal.test/realms/portal";

const storeIn = async () => {
  const dir = await mkdtemp(join(tmpdir(), "portal-tokens-"));
  return new FileTokenStore(join(dir, "portal", "tokens.json"));
};

describe("FileTokenStore", () => {
  it("writes tokens readable by the owner only (file 0600, folder 0700)", async () => {
    const store = await storeIn();
    await store.write(issuer, { login: token });
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(store.path, ".."))).mode & 0o777).toBe(0o700);
    expect(await store.read(issuer)).toEqual({ login: token });
  });

  it("keeps issuers apart", async () => {
    const store = await storeIn();
    await store.write(issuer, { login: token });
    await store.write("http://other.test/realms/portal", {
      client: { ...token, grant: "client_credentials" },
    });
    expect(await store.read(issuer)).toEqual({ login: token });
    expect(Object.keys(JSON.parse(await readFile(store.path, "utf8")).issuers)).toHaveLength(2);
  });

  it("tightens the mode of a file that was created looser", async () => {
    const store = await storeIn();
    await store.write(issuer, { login: token });
    await writeFile(store.path, await readFile(store.path, "utf8"), { mode: 0o644 });
    await store.write(issuer, { login: { ...token, accessToken: "x.y.z" } });
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it("remove deletes the issuer's tokens and the file when it was the last", async () => {
    const store = await storeIn();
    await store.write(issuer, { login: token });
    expect(await store.remove(issuer)).toBe(true);
    expect(await store.remove(issuer)).toBe(false);
    await expect(stat(store.path)).rejects.toThrow(/ENOENT/);
  });

  it("a missing or damaged file holds no tokens", async () => {
    const store = await storeIn();
    expect(await store.read(issuer)).toEqual({});
    await store.write(issuer, { login: token });
    await writeFile(store.path, "{ not json");
    expect(await store.read(issuer)).toEqual({});
  });
});
