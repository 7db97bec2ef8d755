import type { PasskeyUpgradeSetting } from "@portal/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure, testConfig } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import SecurityPage from "../security-page.js";
import SignInDevicesPage from "../sign-in-devices-page.js";
import { findQa, memberClaims, qa, queryQa, storedPerson } from "../test/account-fixtures.js";

// Issue 49: the security page's switch for the passkey made after a password sign-in. It
// shows what the server stored, saves on change, and is absent where Keycloak signs in.

type Put = (body: PasskeyUpgradeSetting) => ReturnType<typeof answer<PasskeyUpgradeSetting>>;

const renderWith = (
  stored: boolean | "failed",
  put: Put = async (body) => answer(body),
  options: { page?: "security" | "sign-in-devices"; keycloak?: boolean; language?: string } = {},
) =>
  renderApp(options.page === "sign-in-devices" ? <SignInDevicesPage /> : <SecurityPage />, {
    claims: memberClaims,
    ...(options.language ? { language: options.language } : {}),
    ...(options.keycloak
      ? { config: { identity: { ...testConfig.identity, provider: "keycloak" as const } } }
      : {}),
    api: {
      getMe: () => answer(storedPerson),
      getCredentials: () => answer([]),
      getPasskeys: () => answer([]),
      getPasskeyUpgrade: () =>
        stored === "failed"
          ? fail(failure(503, [{ errorCode: "BACKEND_ERROR" }]))
          : answer({ enabled: stored }),
      setPasskeyUpgrade: put,
    },
  });

const EN = "Offer to create a passkey after a password sign-in";

describe("the passkey upgrade switch", () => {
  it("shows the stored state, labelled and explained, and turns it off and on by keyboard", async () => {
    const user = userEvent.setup();
    const sent: boolean[] = [];
    const { container } = await renderWith(true, async (body) => {
      sent.push(body.enabled);
      return answer(body);
    });
    const box = await findQa("passkey-upgrade-switch");
    expect(box).toBeChecked();
    // German by default; the label names the box and the hint describes it.
    expect(box).toHaveAccessibleName(
      "Nach einer Anmeldung mit Passwort anbieten, einen Passkey zu erstellen",
    );
    expect(box).toHaveAccessibleDescription(/ohne Rückfrage einen Passkey/);
    await expectNoAxeViolations(container);

    box.focus();
    await user.keyboard(" ");
    expect(sent).toEqual([false]);
    expect(await findQa("passkey-upgrade-saved")).toHaveTextContent("kein Passkey mehr");
    expect(qa("passkey-upgrade-switch")).not.toBeChecked();
    await expectNoAxeViolations(container);

    await user.keyboard(" ");
    expect(sent).toEqual([false, true]);
    await waitFor(() => expect(qa("passkey-upgrade-switch")).toBeChecked());
    expect(qa("passkey-upgrade-saved")).toHaveTextContent("wird ein Passkey angeboten");
  });

  it("never shows off while the server holds on: nothing before it loaded, unchanged when refused", async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    const { api } = await renderWith(true, () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => fail(failure(503, [{ errorCode: "BACKEND_ERROR" }]))),
    );
    const box = await findQa("passkey-upgrade-switch");
    await user.click(box);
    // On its way: the box still says what is stored, and a second click sends nothing.
    expect(box).toBeChecked();
    await user.click(box);
    expect(api.calls.filter((c) => c.method === "setPasskeyUpgrade")).toHaveLength(1);
    release?.();
    expect(await findQa("passkey-upgrade-error")).toBeInTheDocument();
    expect(qa("passkey-upgrade-switch")).toBeChecked();
    expect(queryQa("passkey-upgrade-saved")).toBeNull();
  });

  it("says the setting could not be loaded instead of showing a box that may be wrong", async () => {
    await renderWith("failed");
    expect(await findQa("passkey-upgrade-load-failed")).toBeInTheDocument();
    expect(queryQa("passkey-upgrade-switch")).toBeNull();
  });

  it("is on the sign-in & devices page too, off as stored", async () => {
    await renderWith(false, undefined, { page: "sign-in-devices" });
    expect(await findQa("passkey-upgrade-switch")).not.toBeChecked();
  });

  it("is not shown in Keycloak mode, nor asked for", async () => {
    const { api } = await renderWith(true, undefined, { keycloak: true });
    await findQa("passkeys-none");
    expect(queryQa("passkey-upgrade")).toBeNull();
    expect(api.calls.some((c) => c.method === "getPasskeyUpgrade")).toBe(false);
  });

  it("reads in English", async () => {
    await renderWith(true, undefined, { language: "en" });
    expect(await findQa("passkey-upgrade-switch")).toHaveAccessibleName(EN);
    expect(screen.getByText(/password manager can/)).toBeInTheDocument();
  });

  it("lit en français", async () => {
    await renderWith(false, undefined, { language: "fr" });
    expect(await findQa("passkey-upgrade-switch")).toHaveAccessibleName(
      "Proposer de créer une clé d'accès après une connexion par mot de passe",
    );
  });
});
