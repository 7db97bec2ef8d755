import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/passkeys.js";
import { formAction, TestBrowser } from "../../provider/testing/browser.js";
import {
  authorizationRequest,
  createPerson,
  type IdentityServer,
  signIn,
  startIdentityServer,
} from "../../provider/testing/identity-kit.js";
import {
  offeredOptions,
  SoftwareAuthenticator,
} from "../../provider/testing/software-authenticator.js";
import { embedded } from "../../test-support/databases.js";
import { authenticatorName, providerIcon } from "./passkey-names.js";
import { cleanPasskeyName } from "./passkey-store.js";

// Issue 29: every passkey was called "Passkey 1". A new one is named after its provider
// (the authenticator's AAGUID, when it is a well-known one) or after the browser and
// system it was made in; the removal page speaks of a passkey, not of two-factor
// authentication.

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLE_PASSWORD_MANAGER = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4";
const ICLOUD = "fbfc3007-154e-4ecc-8c0b-6e020557d7bd";

describe("a provider's icon (issue 49)", () => {
  it.each([
    ["1Password", true],
    ["Google Password Manager", true],
    ["iCloud Keychain", true],
    ["Laptop", false],
    ["unnamed:Chrome:Linux", false],
    ["constructor", false],
  ])("%s -> icon %s", (name, has) => {
    const icon = providerIcon(name);
    expect(icon !== undefined).toBe(has);
    if (!icon) return;
    // A small vector image only: the refresh drops scripts, raster images and large icons.
    expect(icon).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    expect(icon.length).toBeLessThanOrEqual(8 * 1024);
    const svg = Buffer.from(icon.split(",")[1] ?? "", "base64").toString("utf8");
    expect(svg).not.toMatch(/<script|<image|<foreignObject/i);
  });
});

describe("a new passkey's default name", () => {
  it.each([
    [GOOGLE_PASSWORD_MANAGER, "Google Password Manager"],
    [ICLOUD.toUpperCase(), "iCloud Keychain"],
    ["08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello"],
    ["bada5566-a7aa-401f-bd96-45619a55120d", "1Password"],
    ["d548826e-79b4-db40-a3d8-11116f7e8349", "Bitwarden"],
    ["adce0002-35bc-c60a-648b-0b25f1f05503", "Chrome on Mac"],
    ["50726f74-6f6e-5061-7373-50726f746f6e", "Proton Pass"],
    ["a11a5faa-9f32-4b8c-8c5d-2f7d13e8c942", "AliasVault"],
    ["01020304-0506-0708-0102-030405060708", "Chromium virtual authenticator"],
    ["00000000-0000-0000-0000-000000000000", undefined],
    ["constructor", undefined],
    [undefined, undefined],
  ])("AAGUID %s -> %s", (aaguid, name) => {
    expect(authenticatorName(aaguid)).toBe(name);
  });
});

describe.each(embedded)("passkey names and removal at the provider on $name", (target) => {
  let t: IdentityServer;

  beforeAll(async () => {
    t = await startIdentityServer(target);
  });
  afterAll(() => t?.close());

  /** Opens `action` in a browser with `userAgent` signed in as a new person, in `language`. */
  const open = async (action: string, language = "de", userAgent = CHROME_LINUX) => {
    const person = await createPerson(t.db);
    const { browser } = await signIn(
      t,
      person.email,
      new TestBrowser(t.server.config.publicUrl, userAgent),
    );
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: action,
      ui_locales: language,
    });
    const page = await (await browser.open(request.url.toString(), t.redirectUri)).response.text();
    return { person, browser, page };
  };

  /** Registers a passkey from `page` with the name field as `name`; the stored name. */
  const register = async (
    opened: Awaited<ReturnType<typeof open>>,
    name: string,
    aaguid?: string,
  ) => {
    const key = new SoftwareAuthenticator(t.server.config.publicUrl);
    const credential = key.create(
      offeredOptions(opened.page, "kc-register-passkey-form"),
      aaguid ? { aaguid } : {},
    );
    const done = await opened.browser.submit(
      formAction(opened.page, "kc-register-passkey-form"),
      { credential: JSON.stringify(credential), name },
      t.redirectUri,
    );
    expect(new URL(done.url).searchParams.get("kc_action_status")).toBe("success");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, opened.person.id));
    return row?.name;
  };

  it.each([
    ["de", "Chrome unter Linux"],
    ["en", "Chrome on Linux"],
    ["fr", "Chrome sous Linux"],
  ])("suggests the browser and system in the name field (%s)", async (language, name) => {
    const { page } = await open("webauthn-register-passwordless", language);
    expect(page).toContain(`value="${name}" aria-describedby="passkey-name-hint"`);
    expect(page).not.toMatch(/value="(Passkey|Clé d'accès) 1"/);
  });

  it("names a passkey left with the suggested name after its well-known provider", async () => {
    const opened = await open("webauthn-register-passwordless");
    expect(await register(opened, "Chrome unter Linux", GOOGLE_PASSWORD_MANAGER)).toBe(
      "Google Password Manager",
    );
  });

  // Issue 46: "the default passkey name stays in the language it was created in".
  it("keeps the browser's name for an authenticator it does not know, without words of the page's language, and a typed name always", async () => {
    expect(await register(await open("webauthn-register"), "Chrome unter Linux")).toBe(
      "unnamed:Chrome:Linux",
    );
    expect(await register(await open("webauthn-register", "fr"), "Chrome sous Linux")).toBe(
      "unnamed:Chrome:Linux",
    );
    expect(await register(await open("webauthn-register"), "  ", ICLOUD)).toBe("iCloud Keychain");
    expect(
      await register(await open("webauthn-register"), "Arbeitslaptop", GOOGLE_PASSWORD_MANAGER),
    ).toBe("Arbeitslaptop");
  });

  it.each([
    ["de", "Chrome unter Linux"],
    ["en", "Chrome on Linux"],
    ["fr", "Chrome sous Linux"],
  ])(
    "names an unnamed passkey in the reader's language on its removal page (%s)",
    async (language, label) => {
      const opened = await open("webauthn-register-passwordless", "de");
      expect(await register(opened, "")).toBe("unnamed:Chrome:Linux");
      const [row] = await t.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.personId, opened.person.id));
      const request = await authorizationRequest(await t.web(), t.redirectUri, {
        kc_action: `delete_credential:${row?.id}`,
        ui_locales: language,
      });
      const page = await (
        await opened.browser.open(request.url.toString(), t.redirectUri)
      ).response.text();
      expect(page).toContain(label);
      expect(page).not.toContain("unnamed");
    },
  );

  it.each([
    ["de", "Passkey entfernen", "Zwei-Faktor"],
    ["en", "Remove passkey", "two-factor"],
    ["fr", "Supprimer la clé d'accès", "deux facteurs"],
  ])("titles the removal of a passkey for a passkey (%s)", async (language, title, never) => {
    const opened = await open("webauthn-register-passwordless", language);
    await register(opened, "Laptop");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.personId, opened.person.id));
    const request = await authorizationRequest(await t.web(), t.redirectUri, {
      kc_action: `delete_credential:${row?.id}`,
      ui_locales: language,
    });
    const page = await (
      await opened.browser.open(request.url.toString(), t.redirectUri)
    ).response.text();
    expect(page).toContain(`<title>${title.replace("'", "&#39;")} – `);
    expect(page).toContain("Laptop");
    expect(page.toLowerCase()).not.toContain(never.toLowerCase());
  });
});

describe("names typed for a passkey", () => {
  it.each([
    ["  Laptop \n", "Laptop"],
    ["a\u0000b\u202Ec", "a b c"],
    ["x".repeat(100), "x".repeat(64)],
    ["   ", ""],
  ])("%j -> %j", (raw, clean) => {
    expect(cleanPasskeyName(raw)).toBe(clean);
  });
});
