import { describe, expect, it } from "vitest";
import { LINK_QUERY, MAILED_LINKS, pageUrl } from "./mailed-links.js";
import { routeOfPath } from "./routes.js";

const ORIGIN = "https://portal.example";

describe("mailed links", () => {
  // The addresses the mails carried before the links had one definition: a mail already
  // sent keeps opening its page.
  it.each([
    [
      pageUrl(ORIGIN, MAILED_LINKS.optIn.route, { optinId: "t", prk: "SHOP", prt: "p" }),
      "/benutzerverwaltung/registrierung-bestaetigen?optinId=t&prk=SHOP&prt=p",
    ],
    [
      pageUrl(ORIGIN, MAILED_LINKS.emailChange.route, { optinId: "t" }),
      "/benutzerverwaltung/konto/email-aenderung-bestaetigen?optinId=t",
    ],
    [
      pageUrl(ORIGIN, MAILED_LINKS.passwordReset.route, { passwordResetToken: "t", prt: null }),
      "/benutzerverwaltung/passwort-zuruecksetzen?passwordResetToken=t",
    ],
    [
      pageUrl(ORIGIN, MAILED_LINKS.cancelEmailChange.route, { token: "t" }),
      "/benutzerverwaltung/konto/email-aenderung-abbrechen?token=t",
    ],
    [
      pageUrl(ORIGIN, MAILED_LINKS.revertEmailChange.route, { token: "t" }),
      "/benutzerverwaltung/konto/email-aenderung-zuruecknehmen?token=t",
    ],
    [
      pageUrl(ORIGIN, MAILED_LINKS.deletion.route, { optoutId: "t" }),
      "/benutzerverwaltung/konto/loeschen/bestaetigen?optoutId=t",
    ],
    [pageUrl(ORIGIN, "login"), "/benutzerverwaltung/login"],
    [pageUrl(ORIGIN, "sign-in-devices"), "/benutzerverwaltung/sicherheit/anmeldung"],
  ])("%s is the page the mails always linked to", (url, path) => {
    expect(url).toBe(`${ORIGIN}${path}`);
  });

  it("escapes query values and leaves empty ones out", () => {
    expect(pageUrl(ORIGIN, "password-reset", { passwordResetToken: "a b&c", prt: "" })).toBe(
      `${ORIGIN}/benutzerverwaltung/passwort-zuruecksetzen?passwordResetToken=a+b%26c`,
    );
  });

  it("opens a public page with each link, reading a token name of LINK_QUERY", () => {
    const names: ReadonlyArray<string> = Object.values(LINK_QUERY);
    for (const link of Object.values(MAILED_LINKS)) {
      const route = routeOfPath(pageUrl(ORIGIN, link.route).slice(ORIGIN.length));
      expect(route?.access).toBe("public");
      expect(names).toContain(link.token);
    }
  });
});
