import type { SuspendedFactor } from "@portal/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure, testPerson } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import { findQa, qa, queryQa, userClaims } from "../test/account-fixtures.js";
import { SuspendedFactors } from "./suspended-factors.js";

// Issue 46: "This wasn't me" suspends every factor and passkey; the person sees each one
// (what, set up when, with which browser) and keeps or removes it.

const APP: SuspendedFactor = {
  id: "0b6c0c39-6c7e-4b5e-9d7f-1a2b3c4d5e6f",
  kind: "AUTHENTICATOR_APP",
  name: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  createdFrom: { browser: "Opera", os: "Windows" },
  suspendedAt: "2026-11-29T08:00:00.000Z",
};
const KEY: SuspendedFactor = {
  id: "5f1d2c39-6c7e-4b5e-9d7f-1a2b3c4d5e6f",
  kind: "PASSKEY",
  name: "Laptop",
  createdAt: "2026-11-27T10:00:00.000Z",
  createdFrom: null,
  suspendedAt: "2026-11-29T08:00:00.000Z",
};
const NOW = Math.floor(Date.now() / 1000);
const freshClaims = { ...userClaims, auth_time: NOW };

const render = (
  options: {
    readonly factors?: ReadonlyArray<SuspendedFactor>;
    readonly keep?: () => ReturnType<typeof answer<undefined>>;
    readonly claims?: typeof userClaims;
    readonly language?: string;
  } = {},
) => {
  const onAction = vi.fn();
  const onKept = vi.fn();
  let factors = options.factors ?? [APP, KEY];
  const rendered = renderApp(
    <SuspendedFactors onAction={onAction} busy={false} onKept={onKept} />,
    {
      claims: options.claims ?? freshClaims,
      ...(options.language ? { language: options.language } : {}),
      api: {
        getMe: () => answer(testPerson),
        getSuspendedFactors: () => answer(factors),
        keepSuspendedFactor: (id: string) => {
          factors = factors.filter((f) => f.id !== id);
          return options.keep ? options.keep() : answer(undefined);
        },
      },
    },
  );
  return { rendered, onAction, onKept };
};

describe("factors suspended by securing the account", () => {
  it.each([
    ["de", "Authenticator-App", "Passkey „Laptop“", /Opera unter Windows/],
    ["en", "Authenticator app", "Passkey “Laptop”", /Opera on Windows/],
    ["fr", "Application d'authentification", "Clé d'accès « Laptop »", /Opera sous Windows/],
  ])(
    "%s: lists what each is, when and with which browser it was set up",
    async (language, app, key, from) => {
      const { rendered } = render({ language });
      const { container } = await rendered;
      expect(await findQa("suspended-factors")).toBeInTheDocument();
      const rows = [...document.querySelectorAll('[data-qa="suspended-factor"]')];
      expect(rows.map((r) => within(r as HTMLElement).getByRole("heading").textContent)).toEqual([
        app,
        key,
      ]);
      expect(rows[0]).toHaveTextContent(from);
      await expectNoAxeViolations(container);
    },
  );

  it("keeps one after a fresh sign-in: the lists load again and the notice takes the focus", async () => {
    const user = userEvent.setup();
    const { rendered, onKept } = render();
    const { api } = await rendered;
    const keepApp = await screen.findByRole("button", { name: /Behalten.*Authenticator-App/ });
    await user.click(keepApp);
    expect(await findQa("suspended-factor-kept")).toHaveFocus();
    expect(api.calls.filter((c) => c.method === "keepSuspendedFactor")).toEqual([
      { method: "keepSuspendedFactor", args: [APP.id] },
    ]);
    expect(onKept).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('[data-qa="suspended-factor"]')).toHaveLength(1);
  });

  it("signs in again first when the sign-in is older than 5 minutes, and sends nothing", async () => {
    const user = userEvent.setup();
    const { rendered } = render({ claims: { ...userClaims, auth_time: NOW - 3600 } });
    const { api, identity } = await rendered;
    await user.click(await screen.findByRole("button", { name: /Behalten.*Passkey/ }));
    expect(identity.logins).toEqual([
      expect.objectContaining({ prompt: "login", redirectUri: window.location.href }),
    ]);
    expect(api.calls.some((c) => c.method === "keepSuspendedFactor")).toBe(false);
  });

  it("removes one at the identity provider with delete_credential", async () => {
    const user = userEvent.setup();
    const { rendered, onAction } = render();
    await rendered;
    await user.click(await screen.findByRole("button", { name: /Entfernen.*Passkey/ }));
    expect(onAction).toHaveBeenCalledWith(`delete_credential:${KEY.id}`);
  });

  it("says when keeping failed, and shows nothing when no factor waits", async () => {
    const user = userEvent.setup();
    const { rendered } = render({
      factors: [APP],
      keep: () => fail(failure(500, [{ errorCode: "BACKEND_ERROR" }])),
    });
    await rendered;
    await user.click(await screen.findByRole("button", { name: /Behalten/ }));
    expect(await findQa("suspended-factor-keep-failed")).toHaveFocus();
    expect(qa("suspended-factors")).toBeInTheDocument();
  });

  it("is not drawn while nothing is suspended", async () => {
    const { rendered } = render({ factors: [] });
    const { api } = await rendered;
    await vi.waitFor(() =>
      expect(api.calls.some((c) => c.method === "getSuspendedFactors")).toBe(true),
    );
    await Promise.resolve();
    expect(queryQa("suspended-factors")).toBeNull();
  });
});
