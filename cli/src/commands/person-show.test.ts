import type { SupportPersonView } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { fakeSupport } from "../testing/fakes.js";
import { collectPersonShow, printPersonShow } from "./person-show.js";

const view: SupportPersonView = {
  id: "p-1",
  email: "erika@example.de",
  emailConfirmed: true,
  memberMapping: "M-4711",
  memberNumber: "1234567",
  mfaTypes: ["AUTHENTICATOR_APP", "EMAIL"],
  companyName: "Muster GmbH",
  crefonummer: "2010000001",
  unverifiedCrefonummer: null,
  createdAt: "2026-03-05T10:04:00.000Z",
  closedAt: null,
  eraseAt: null,
  securedAt: null,
  suspendedFactors: 0,
};

describe("collectPersonShow", () => {
  it("asks the support view by the trimmed address", async () => {
    const fake = fakeSupport({ person: { ok: true, value: view } });
    expect(await collectPersonShow("erika@example.de ", fake.port)).toEqual({
      ok: true,
      value: view,
    });
    expect(fake.calls).toEqual([["showPerson", "erika@example.de"]]);
  });
  it("a malformed address is a usage error", async () => {
    const fake = fakeSupport({ person: { ok: true, value: view } });
    expect(await collectPersonShow("erika", fake.port)).toMatchObject({
      ok: false,
      error: { _tag: "Usage" },
    });
  });
});

describe("printPersonShow: confirmation state, member mapping, second-factor types, company", () => {
  it("prints every fact aligned, dates as DD.MM.YYYY", () => {
    expect(printPersonShow(view, translator("en"))).toBe(
      [
        "Id                      p-1",
        "E-mail                  erika@example.de",
        "Address confirmed       yes",
        "Member mapping          M-4711",
        "Member number           1234567",
        "Second factors          authenticator app, e-mail code",
        "Company                 Muster GmbH",
        "Crefonummer             2010000001",
        "Unverified crefonummer  -",
        "Created                 05.03.2026 10:04 UTC",
        "State                   open",
        "Secured                 no",
        "Suspended factors       -",
      ].join("\n"),
    );
  });
  it("an account closed by a confirmed deletion: since when and when it is erased", () => {
    const text = printPersonShow(
      { ...view, closedAt: "2026-03-06T08:00:00.000Z", eraseAt: "2026-03-20T08:00:00.000Z" },
      translator("en"),
    );
    expect(text).toMatch(
      /^State +closed on 06\.03\.2026 08:00 UTC, erased on 20\.03\.2026 08:00 UTC$/m,
    );
  });
  it("an unconfirmed account without factors", () => {
    const text = printPersonShow(
      { ...view, emailConfirmed: false, mfaTypes: [] },
      translator("de"),
    );
    expect(text).toMatch(/^Adresse bestätigt +nein$/m);
    expect(text).toMatch(/^Zweite Faktoren +-$/m);
  });
  // Issue 34: support sees that (and since when) "This wasn't me" blocks the password.
  it("names the factors securing suspended, which the person has yet to keep or remove", () => {
    expect(printPersonShow({ ...view, suspendedFactors: 2 }, translator("en"))).toMatch(
      /^Suspended factors +2, paused by securing: sign-in with a mailed code/m,
    );
    expect(printPersonShow(view, translator("en"))).toMatch(/^Suspended factors +-$/m);
  });

  it.each([
    [
      "en",
      /^Secured +yes, since 27\.11\.2026 21:30 UTC: sign-in only after a password reset by mail$/m,
    ],
    [
      "de",
      /^Gesichert +ja, seit 27\.11\.2026 21:30 UTC: Anmeldung erst nach einem Passwort-Reset per E-Mail$/m,
    ],
    ["fr", /^Sécurisé +oui, depuis le 27\.11\.2026 21:30 UTC : connexion seulement après/m],
  ] as const)("a secured account says since when and what lifts it (%s)", (language, line) => {
    const text = printPersonShow(
      { ...view, securedAt: "2026-11-27T21:30:00.000Z" },
      translator(language),
    );
    expect(text).toMatch(line);
  });
});
