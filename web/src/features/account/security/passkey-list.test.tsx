import type { Passkey } from "@portal/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import SecurityPage from "../security-page.js";
import { findQa, memberClaims, qa, queryQa, storedPerson } from "../test/account-fixtures.js";

const laptop: Passkey = {
  id: "0b6f5a0c-6f1e-4a43-9d7e-3c1d2b7a9e10",
  name: "Laptop",
  passwordless: true,
  createdAt: "2026-05-01T10:00:00.000Z",
  lastUsedAt: null,
};

const renderWith = (
  passkeys: ReadonlyArray<Passkey>,
  rename: (id: string, body: { name: string }) => ReturnType<typeof answer<Passkey>>,
) =>
  renderApp(<SecurityPage />, {
    claims: memberClaims,
    api: {
      getMe: () => answer(storedPerson),
      getCredentials: () => answer([]),
      getPasskeys: () => answer(passkeys),
      renamePasskey: rename,
    },
  });

describe("passkeys on the security page", () => {
  it("asks for the passkeys once per page load (issue 32), also without another factor", async () => {
    const { api } = await renderWith([laptop], async () => answer(laptop));
    expect(await findQa("passkey-name")).toHaveTextContent("Laptop");
    // The passkey counts as a second factor: the recovery codes were asked for after it.
    await waitFor(() => expect(api.calls.map((c) => c.method)).toContain("getRecoveryCodes"));
    expect(api.calls.filter((c) => c.method === "getPasskeys")).toHaveLength(1);
  });

  it("lists passkeys, renames one in place (keyboard), and starts removal and set-up at the provider", async () => {
    const user = userEvent.setup();
    const calls: Array<[string, string]> = [];
    const { container, identity } = await renderWith([laptop], async (id, body) => {
      calls.push([id, body.name]);
      return answer({ ...laptop, name: body.name });
    });
    expect(await findQa("passkey-name")).toHaveTextContent("Laptop");
    // One kind of passkey (issue 29): no "passwordless" / "second factor" label to tell apart.
    expect(queryQa("passkey-kind")).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(qa("passkey-rename"));
    const input = qa("passkey-rename-input");
    expect(input).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.clear(input);
    await user.type(input, "Work laptop{Enter}");
    expect(calls).toEqual([[laptop.id, "Work laptop"]]);
    expect(await findQa("passkey-name")).toHaveTextContent("Work laptop");
    expect(qa("passkey-rename")).toHaveFocus();

    await user.click(qa("passkey-remove"));
    // On the way to the provider nothing else can be started.
    expect(screen.getByRole("button", { name: "Passkey hinzufügen" })).toBeDisabled();
    expect(identity.logins.map((l) => l.action)).toEqual([`delete_credential:${laptop.id}`]);
  });

  it("says so when a name is refused, and keeps the form open", async () => {
    const user = userEvent.setup();
    const { container } = await renderWith([laptop], async () =>
      fail(failure(400, [{ errorCode: "INVALID_CHARACTERS", field: "name" }], "c-1")),
    );
    await user.click(await findQa("passkey-rename"));
    await user.type(qa("passkey-rename-input"), "{Enter}");
    expect(await findQa("passkey-rename-failed")).toBeInTheDocument();
    expect(qa("passkey-rename-input")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(container);
  });

  // Issue 29: "two kinds of passkey confuse". One button; Keycloak's action name is kept.
  it.each([
    ["de", "Passkey hinzufügen"],
    ["en", "Add a passkey"],
    ["fr", "Ajouter une clé d'accès"],
  ])("offers one kind of passkey (%s)", async (language, add) => {
    const user = userEvent.setup();
    const { identity } = await renderApp(<SecurityPage />, {
      claims: memberClaims,
      language,
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer([]),
        getPasskeys: () => answer([]),
      },
    });
    expect(await findQa("passkeys-none")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /passkey|clé d'accès/i })).toHaveLength(1);
    expect(qa("passkey-add")).toHaveTextContent(add);
    await user.click(qa("passkey-add"));
    expect(identity.logins.map((l) => l.action)).toEqual(["webauthn-register-passwordless"]);
  });

  // Issue 46: "the default passkey name stays in the language it was created in".
  it.each([
    ["de", "Chrome unter Linux", "Passkey"],
    ["en", "Chrome on Linux", "Passkey"],
    ["fr", "Chrome sous Linux", "Clé d'accès"],
  ])("names an unnamed passkey in the reader's language (%s)", async (language, made, plain) => {
    await renderApp(<SecurityPage />, {
      claims: memberClaims,
      language,
      api: {
        getMe: () => answer(storedPerson),
        getCredentials: () => answer([]),
        getPasskeys: () =>
          answer([
            { ...laptop, name: "unnamed:Chrome:Linux" },
            { ...laptop, id: "1c7f6b1d-7f2f-4b54-8e8f-4d2e3c8b0f21", name: "unnamed" },
          ]),
      },
    });
    const names = await screen.findAllByTestId("passkey-name");
    expect(names.map((h) => h.textContent)).toEqual([made, plain]);
  });

  it("an unnamed passkey opened for renaming and saved unchanged stays unnamed", async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    await renderWith([{ ...laptop, name: "unnamed:Chrome:Linux" }], async (_id, body) => {
      calls.push(body.name);
      return answer({ ...laptop, name: body.name });
    });
    await user.click(await findQa("passkey-rename"));
    expect(qa("passkey-rename-input")).toHaveValue("Chrome unter Linux");
    await user.type(qa("passkey-rename-input"), "{Enter}");
    expect(calls).toEqual([]);
    expect(qa("passkey-name")).toHaveTextContent("Chrome unter Linux");
  });

  it("marks only an older passkey registered for the second factor alone", async () => {
    await renderWith([{ ...laptop, passwordless: false }], async () => answer(laptop));
    expect(await findQa("passkey-kind")).toHaveTextContent("Nur als zweiter Faktor");
  });
});
