import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS } from "@portal/contracts";
import { cleanup, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { consentTextKey } from "../../../i18n/consent-texts.js";
import { answer } from "../../../test-support/fakes.js";
import { findByQa, renderApp } from "../../../test-support/render.js";
import RegisterPage from "../../public/register-page.js";
import ProfilePage from "../profile-page.js";
import { storedPerson, userClaims } from "../test/account-fixtures.js";

// The history records a consent's text version: the words the person saw must be the same
// whether it was asked at registration or on the profile.

const QA = {
  registration: {
    marketing: "register-consent-marketing",
    recherche: "register-consent-recherche",
  },
  profile: { marketing: "profile-consent-marketing", recherche: "profile-consent-recherche" },
} as const;

/** The label text of the consent checkbox with data-qa `qa`. */
const labelOf = (qa: string): string => {
  const box = screen.getByTestId(qa);
  return document.querySelector(`label[for="${box.id}"]`)?.textContent?.trim() ?? "";
};

const shownAtRegistration = async (language: string) => {
  await renderApp(<RegisterPage />, { route: "/registrieren", language });
  await findByQa("register-form");
  const texts = Object.fromEntries(CONSENT_KINDS.map((k) => [k, labelOf(QA.registration[k])]));
  cleanup();
  return texts;
};

const shownOnProfile = async (language: string) => {
  const { i18n } = await renderApp(<ProfilePage />, {
    route: "/konto",
    claims: userClaims,
    language,
    api: { getMe: () => answer(storedPerson) },
  });
  await findByQa("profile-consents");
  const texts = Object.fromEntries(CONSENT_KINDS.map((k) => [k, labelOf(QA.profile[k])]));
  const catalogue = Object.fromEntries(CONSENT_KINDS.map((k) => [k, i18n.t(consentTextKey(k))]));
  cleanup();
  return { texts, catalogue };
};

describe("consent texts: one text per consent and version, wherever it is asked", () => {
  it.each(["de", "en", "fr"])(
    "%s: registration and profile show the text of the recorded version, word for word",
    async (language) => {
      const registration = await shownAtRegistration(language);
      const { texts: profile, catalogue } = await shownOnProfile(language);
      for (const kind of CONSENT_KINDS) {
        const version = CONSENT_TEXT_VERSIONS[kind];
        expect(catalogue[kind], `${kind} ${version}`).not.toMatch(/^common:|Consents\./);
        expect(registration[kind], `${kind} ${version} at registration`).toBe(catalogue[kind]);
        expect(profile[kind], `${kind} ${version} on the profile`).toBe(catalogue[kind]);
      }
    },
  );
});
