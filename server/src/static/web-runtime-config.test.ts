import { WebRuntimeConfig } from "@portal/contracts";
import * as Schema from "effect/Schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configWith } from "../config.js";
import { webTargets } from "../db/schema/index.js";
import { embedded } from "../test-support/databases.js";
import type { TcpProxy } from "../test-support/tcp-proxy.js";
import type { TestServer } from "../test-support/test-server.js";
import {
  type ServerBehindProxy,
  startServerBehindProxy,
} from "../test-support/unreachable-postgres.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { redirectAllowList } from "./web-runtime-config.js";

const CONFIG_JSON = "/benutzerverwaltung/config.json";

const allowListOf = async (t: TestServer): Promise<ReadonlyArray<string> | undefined> => {
  const res = await t.call(CONFIG_JSON);
  expect(res.status).toBe(200);
  const body = Schema.decodeUnknownSync(WebRuntimeConfig)(await res.json());
  return body.redirectAllowList;
};

describe("redirectAllowList", () => {
  const config = configWith({
    publicUrl: "https://portal.example.org",
    homepageUrl: "https://www.verband.example",
    faqUrl: "https://www.verband.example/faq",
    legalNoticeUrl: "https://www.verband.example/impressum",
    termsOfUseUrl: "https://legal.verband.example/agb",
    signupUrl: "https://portal.example.org/benutzerverwaltung/registrieren",
    redirectAllowList: ["https://partner.example.com"],
  });

  it("lists own, branding, configured and web-target origins once each, in that order", () => {
    expect(
      redirectAllowList(config, [
        "https://portal.example.org/benutzerverwaltung/konto",
        "https://shop.example.net/start?prk=SHOP",
        "https://www.verband.example/inkasso",
        "https://SHOP.example.net:443/other",
      ]),
    ).toEqual([
      "https://portal.example.org",
      "https://www.verband.example",
      "https://legal.verband.example",
      "https://partner.example.com",
      "https://shop.example.net",
    ]);
  });

  it("keeps a port as part of the origin and leaves out what is no http(s) URL", () => {
    expect(
      redirectAllowList(config, [
        "http://intranet.example:8443/app",
        "javascript:alert(1)",
        "/relative/path",
        "mailto:office@example.org",
      ]),
    ).toEqual([
      "https://portal.example.org",
      "https://www.verband.example",
      "https://legal.verband.example",
      "https://partner.example.com",
      "http://intranet.example:8443",
    ]);
  });
});

describe.each(embedded)("config.json redirectAllowList on $name", (target) => {
  describe("with the default branding", () => {
    const server = useTestServer(target);

    it("holds exactly the portal's own origin and the branding origin (the seeded targets' too)", async () => {
      const t = server();
      expect(await allowListOf(t)).toEqual([
        new URL(t.server.config.publicUrl).origin,
        "https://www.example.org",
      ]);
    });
  });

  describe("with branding elsewhere, REDIRECT_ALLOW_LIST and a stored web target", () => {
    const server = useTestServer(target, {
      homepageUrl: "https://www.verband.example",
      faqUrl: "https://www.verband.example/faq",
      legalNoticeUrl: "https://www.verband.example/impressum",
      termsOfUseUrl: "https://legal.verband.example/agb",
      redirectAllowList: ["https://partner.example.com", "http://intranet.example:8443"],
    });

    it("adds a web target stored while the portal runs at the next load", async () => {
      const t = server();
      const own = new URL(t.server.config.publicUrl).origin;
      const before = [
        own,
        "https://www.verband.example",
        "https://legal.verband.example",
        "https://partner.example.com",
        "http://intranet.example:8443",
      ];
      expect(await allowListOf(t)).toEqual(before);

      await t.server.database.db
        .insert(webTargets)
        .values({ key: "SHOP", url: "https://shop.example.net/start?prk=SHOP", sourceSystem: "S" });
      expect(await allowListOf(t)).toEqual([...before, "https://shop.example.net"]);

      // The web target the login page follows is on that list.
      const res = await t.call("/api/user-management/web-targets/shop");
      const shop = (await res.json()) as { url: string };
      expect(await allowListOf(t)).toContain(new URL(shop.url).origin);
    });
  });
});

describe("config.json while PostgreSQL is unreachable", () => {
  let behind: ServerBehindProxy;
  let t: TestServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    behind = await startServerBehindProxy({ homepageUrl: "https://www.verband.example" });
    ({ server: t, proxy } = behind);
    await t.server.database.db
      .insert(webTargets)
      .values({ key: "SHOP", url: "https://shop.example.net/", sourceSystem: "S" });
  });

  afterAll(() => behind?.close());

  it("still loads the app, with the origins of the configuration and the default targets", async () => {
    const own = new URL(t.server.config.publicUrl).origin;
    expect(await allowListOf(t)).toEqual([
      own,
      "https://www.verband.example",
      "https://www.example.org",
      "https://shop.example.net",
    ]);
    await proxy.cut();
    try {
      expect(await allowListOf(t)).toEqual([
        own,
        "https://www.verband.example",
        "https://www.example.org",
      ]);
    } finally {
      await proxy.restore();
    }
  });
});
