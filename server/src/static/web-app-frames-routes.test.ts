import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embedded } from "../test-support/databases.js";
import { useTestServer } from "../test-support/use-test-server.js";
import { FRAME_LOADER_CSP_SOURCE, FRAME_LOADER_SCRIPT } from "./frame-loader.js";
import type { WebAppFrames } from "./web-app-frames.js";

// A web build with prerendered frames, as `vite build` and web/scripts/prerender.mjs write
// them: markers where the branding and the year go, the language switch choosing the
// frame's locale, one frame per language tag (de-AT and fr-LU their own). (web/src/prerender/hydrate-frame.test.tsx checks the real frames.)
const dist = mkdtempSync(join(tmpdir(), "portal-web-frames-"));
mkdirSync(join(dist, "assets"));
const INDEX =
  '<!doctype html>\n<html lang="de">\n<head><title>Benutzerverwaltung</title><script type="module" crossorigin src="/benutzerverwaltung/assets/index-Ab12Cd.js"></script>\n<link rel="modulepreload" crossorigin href="/benutzerverwaltung/assets/boot-1.js">\n<link rel="stylesheet" href="/benutzerverwaltung/assets/index-1.css">\n<link rel="preload" as="fetch" crossorigin href="/benutzerverwaltung/config.json">\n<link rel="modulepreload" crossorigin href="/benutzerverwaltung/assets/app-1.js"></head>\n<body data-page-ready="false">\n<div id="root"></div>\n</body>\n</html>';
writeFileSync(join(dist, "index.html"), INDEX);

const switchFor = (chosen: string) =>
  `<select id="language-switcher">${["de_DE", "de_AT", "en_US", "fr_FR", "fr_LU"]
    .map((l) => `<option value="${l}"${l === chosen ? ' selected=""' : ""}>${l}</option>`)
    .join("")}</select>`;
const registerFrame = (locale: string, title: string, labels: ReadonlyArray<string>) => ({
  title,
  html: `<div class="shell"><a href="__PORTAL_BRANDING_homepageUrl__">__PORTAL_BRANDING_associationName__</a>${switchFor(locale)}<main><h1>${title.split(" – ")[0]}</h1><form>${labels.map((l) => `<label>${l}</label><input value=""/>`).join("")}</form></main><footer>© __PORTAL_YEAR__ __PORTAL_BRANDING_associationName__</footer></div>`,
});
const FRAMES: WebAppFrames = {
  routes: {
    registrieren: {
      query: [],
      frames: {
        de: registerFrame("de_DE", "Registrieren – Benutzerverwaltung", ["Vorname", "Nachname"]),
        en: registerFrame("en_US", "Register – User management", ["First name", "Surname"]),
        fr: registerFrame("fr_FR", "Inscription – Gestion des utilisateurs", ["Prénom", "Nom"]),
        "de-AT": registerFrame("de_AT", "Registrieren – Benutzerverwaltung", [
          "Vorname",
          "Nachname",
        ]),
        "fr-LU": registerFrame("fr_LU", "Inscription – Gestion des utilisateurs", [
          "Prénom",
          "Nom",
        ]),
      },
    },
    "passwort-zuruecksetzen": {
      query: ["passwordResetToken"],
      frames: {
        de: {
          title: "Passwort zurücksetzen – Benutzerverwaltung",
          html: "<p>Link unvollständig</p>",
        },
        en: { title: "Reset password – User management", html: "<p>Link incomplete</p>" },
        fr: { title: "Réinitialiser – Gestion des utilisateurs", html: "<p>Lien incomplet</p>" },
      },
    },
  },
};
writeFileSync(join(dist, "frames.json"), JSON.stringify(FRAMES));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const cookie = (locale: string) => ({
  headers: { cookie: `a=1; CAS_PREFERRED_LANGUAGE=${locale}` },
});
const YEAR = String(new Date().getUTCFullYear());

describe.each(embedded)("prerendered frames of the public routes on $name", (target) => {
  const server = useTestServer(target, {
    webDistDir: dist,
    associationName: 'Müller & Söhne "Verband"',
  });

  it("answers /registrieren with cookie fr_FR in French: lang, title, labels, strict CSP", async () => {
    const res = await server().call("/benutzerverwaltung/registrieren", cookie("fr_FR"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Inscription – Gestion des utilisateurs</title>");
    expect(html).toContain('<div id="root" data-frame="fr"><div class="shell">');
    expect(html).toContain("<label>Prénom</label>");
    expect(html).toContain("<h1>Inscription</h1>");
    // The server's branding, escaped, and this year in place of the markers.
    expect(html).not.toContain("__PORTAL_");
    expect(html).toContain("Müller &amp; Söhne &quot;Verband&quot;");
    expect(html).toContain(`© ${YEAR} Müller`);
    const homepage = server().server.config.homepageUrl;
    expect(html).toContain(`<a href="${homepage}">`);
    // The rest of index.html is kept: its script and stylesheet.
    // ... the boot script asked for by the loader after the paint, no preloads: the frame
    // waits for none of it; the CSP allows the loader by its hash, no other inline script.
    expect(html).toContain(
      `<script data-entry="/benutzerverwaltung/assets/index-Ab12Cd.js">${FRAME_LOADER_SCRIPT}</script>`,
    );
    expect(html).not.toContain('<script type="module"');
    expect(csp).toContain(`script-src 'self' ${FRAME_LOADER_CSP_SOURCE};`);
    expect(html).not.toContain("preload");
    expect(html).toContain('href="/benutzerverwaltung/assets/index-1.css"');
  });

  it("answers German without the cookie (and for a value that is no locale)", async () => {
    for (const init of [{}, cookie("xx_YY")]) {
      const html = await (await server().call("/benutzerverwaltung/registrieren", init)).text();
      expect(html).toContain('<html lang="de">');
      expect(html).toContain("<title>Registrieren – Benutzerverwaltung</title>");
      expect(html).toContain('data-frame="de"');
      expect(html).toContain("<label>Vorname</label>");
    }
  });

  it("answers English for en_US, also with a trailing slash and a query the frame shows", async () => {
    const res = await server().call("/benutzerverwaltung/registrieren/?prk=MC", cookie("en_US"));
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Register – User management</title>");
    expect(html).toContain("<label>First name</label>");
  });

  it("gives de-AT and fr-LU their own frame (their switch choice) and their own lang", async () => {
    const at = await (
      await server().call("/benutzerverwaltung/registrieren", cookie("de_AT"))
    ).text();
    expect(at).toContain('<html lang="de-AT">');
    expect(at).toContain('data-frame="de-AT"');
    expect(at).toContain('<option value="de_AT" selected="">');
    expect(at).toContain('<option value="de_DE">');
    const lu = await (
      await server().call("/benutzerverwaltung/registrieren", cookie("fr_LU"))
    ).text();
    expect(lu).toContain('<html lang="fr-LU">');
    expect(lu).toContain('data-frame="fr-LU"');
    expect(lu).toContain("<label>Prénom</label>");
    expect(lu).toContain('<option value="fr_LU" selected="">');
    expect(lu).toContain('<option value="fr_FR">');
  });

  it("keeps today's index.html for unknown and signed-in routes and for a query the frame cannot show", async () => {
    for (const path of [
      "/benutzerverwaltung/gibt-es-nicht",
      "/benutzerverwaltung/konto",
      "/benutzerverwaltung/passwort-zuruecksetzen?passwordResetToken=abc",
    ]) {
      const res = await server().call(path, cookie("fr_FR"));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
    // A language the build has no frame of (a build before de-AT's and fr-LU's own).
    const de = await server().call("/benutzerverwaltung/passwort-zuruecksetzen", cookie("de_AT"));
    expect(await de.text()).toBe(INDEX);
    const without = await server().call(
      "/benutzerverwaltung/passwort-zuruecksetzen",
      cookie("fr_FR"),
    );
    expect(await without.text()).toContain("<p>Lien incomplet</p>");
  });

  it("answers paths named like members of Object.prototype as any unknown path (review #8: 500 before)", async () => {
    for (const name of ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString?x=1"]) {
      for (const init of [{}, cookie("fr_FR")]) {
        const res = await server().call(`/benutzerverwaltung/${name}`, init);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(INDEX);
      }
    }
  });

  it("sends a browser signed in at its last check the app without the visitor's frame", async () => {
    const res = await server().call("/benutzerverwaltung/registrieren", {
      headers: { cookie: "CAS_PREFERRED_LANGUAGE=fr_FR; portal_signed_in=1" },
    });
    expect(await res.text()).toBe(INDEX);
    const cleared = await server().call("/benutzerverwaltung/registrieren", {
      headers: { cookie: "portal_signed_in=; CAS_PREFERRED_LANGUAGE=fr_FR" },
    });
    expect(await cleared.text()).toContain('data-frame="fr"');
  });

  it("does not serve frames.json itself", async () => {
    const res = await server().call("/benutzerverwaltung/frames.json");
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});
