import { describe, expect, it } from "vitest";
import { resolveSettings } from "./settings.js";

const HOME = { HOME: "/home/erika" };

describe("resolveSettings", () => {
  it("defaults: http://localhost:8080, realm portal, client portal-support, ~/.config", () => {
    expect(resolveSettings({}, HOME)).toEqual({
      ok: true,
      value: {
        url: "http://localhost:8080",
        issuer: "http://localhost:8080/realms/portal",
        clientId: "portal-support",
        clientSecret: null,
        language: "de",
        json: false,
        tokenFile: "/home/erika/.config/portal/tokens.json",
      },
    });
  });

  it("--url wins over PORTAL_URL; a trailing slash is dropped", () => {
    const s = resolveSettings(
      { url: "https://portal.example/" },
      { ...HOME, PORTAL_URL: "http://other:1" },
    );
    expect(s).toMatchObject({
      ok: true,
      value: { url: "https://portal.example", issuer: "https://portal.example/realms/portal" },
    });
  });

  it("reads PORTAL_URL, PORTAL_ISSUER, PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET, XDG_CONFIG_HOME", () => {
    const s = resolveSettings(
      { json: true, lang: "fr" },
      {
        ...HOME,
        PORTAL_URL: "http://127.0.0.1:4000",
        PORTAL_ISSUER: "https://id.example/realms/portal",
        PORTAL_CLIENT_ID: "cli",
        PORTAL_CLIENT_SECRET: "s3cret",
        XDG_CONFIG_HOME: "/tmp/cfg",
      },
    );
    expect(s).toEqual({
      ok: true,
      value: {
        url: "http://127.0.0.1:4000",
        issuer: "https://id.example/realms/portal",
        clientId: "cli",
        clientSecret: "s3cret",
        language: "fr",
        json: true,
        tokenFile: "/tmp/cfg/portal/tokens.json",
      },
    });
  });

  it.each([
    [{ url: "ftp://x" }, {}, "--url"],
    [{ url: "not a url" }, {}, "--url"],
    [{}, { PORTAL_URL: "localhost:8080" }, "PORTAL_URL"],
    [{}, { PORTAL_ISSUER: "nope" }, "PORTAL_ISSUER"],
  ])("%j %j: usage error naming %s", (options, env, source) => {
    expect(resolveSettings(options, { ...HOME, ...env })).toMatchObject({
      ok: false,
      error: { _tag: "Usage", message: { key: "usage.url", params: { source } } },
    });
  });

  it("--lang (checked by commander's parse) wins over the environment's language", () => {
    expect(resolveSettings({ lang: "en" }, { ...HOME, LANG: "fr_FR.UTF-8" })).toMatchObject({
      ok: true,
      value: { language: "en" },
    });
    expect(resolveSettings({}, { ...HOME, LANG: "fr_FR.UTF-8" })).toMatchObject({
      ok: true,
      value: { language: "fr" },
    });
  });
});
