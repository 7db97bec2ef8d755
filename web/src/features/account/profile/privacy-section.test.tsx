import type { LoginClaims, PersonExport } from "@portal/contracts";
import { exportFileName, FRESH_SIGN_IN_SECONDS } from "@portal/core";
import { waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectNoAxeViolations } from "../../../test-support/axe.js";
import { answer, fail, failure } from "../../../test-support/fakes.js";
import { renderApp } from "../../../test-support/render.js";
import ProfilePage from "../profile-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "../test/account-fixtures.js";

// "Download my data" on the profile: fetched through the typed client, saved as
// portal-export-YYYY-MM-DD.json through an object URL that is revoked afterwards; a sign-in
// older than 5 minutes (or the server's REAUTHENTICATION_REQUIRED) signs in again first and
// the download then starts by itself; refusals open the failure dialog in the page's language.

const EXPORT: PersonExport = {
  format: "portal-person-export/1",
  exportedAt: "2026-11-24T20:00:00.000Z",
  person: storedPerson,
  account: {
    createdAt: "2024-01-01T00:00:00.000Z",
    emailConfirmed: true,
    memberNumber: null,
    passkeyUpgrade: true,
  },
  consentHistory: [
    {
      consent: "marketing",
      value: "GIVEN",
      at: "2024-03-05T10:00:00.000Z",
      source: "profile",
      language: "de",
      textVersion: "2026-01",
    },
  ],
  secondFactors: [],
  passkeys: [],
  recoveryCodes: { remaining: 0, createdAt: null },
  sessions: [],
  rememberedDevices: [],
  activity: [],
  mails: [],
};

const KEY = "portal.pendingChange";
const now = () => Math.floor(Date.now() / 1000);
const oldSignIn: LoginClaims = { ...userClaims, auth_time: now() - FRESH_SIGN_IN_SECONDS - 60 };

/** What the page handed the browser to save: the link's name and the Blob's text. */
interface Saved {
  readonly name: string;
  readonly href: string;
  readonly blob: Blob;
}

let saved: Saved[];
let revoked: string[];

beforeEach(() => {
  saved = [];
  revoked = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs and does not download: record both.
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const href = this.getAttribute("href") ?? "";
    saved.push({ name: this.download, href, blob: blobs.get(href)! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const renderProfile = (
  exportMyData: () => ReturnType<typeof answer<PersonExport>>,
  options: { claims?: LoginClaims; language?: string } = {},
) =>
  renderApp(<ProfilePage />, {
    route: "/konto",
    claims: options.claims ?? userClaims,
    language: options.language ?? "de",
    api: { getMe: () => answer(storedPerson), exportMyData },
  });

describe("download my data", () => {
  it("explains what the file holds and saves the export as portal-export-<date>.json", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderProfile(() => answer(EXPORT));
    const section = await findQa("profile-privacy");
    expect(section).toHaveTextContent("Ihre Daten");
    expect(section).toHaveTextContent("Einwilligungen mit ihrem Verlauf");
    await expectNoAxeViolations(container);

    await user.click(qa("privacy-download"));
    const file = exportFileName(new Date());
    expect(await findQa("privacy-saved")).toHaveTextContent(`als ${file} gespeichert`);
    expect(file).toMatch(/^portal-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe(file);
    expect(saved[0]?.blob.type).toBe("application/json");
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(EXPORT);
    expect(api.calls.filter((c) => c.method === "exportMyData")).toHaveLength(1);
    // The temporary link is gone and its URL freed once the browser has the file.
    expect(document.querySelector("a[download]")).toBeNull();
    await waitFor(() => expect(revoked).toEqual([saved[0]?.href]));
  });

  it("signs in again first when the sign-in is older than 5 minutes, fetching nothing yet", async () => {
    const user = userEvent.setup();
    const { api, identity } = await renderProfile(() => answer(EXPORT), { claims: oldSignIn });
    await user.click(await findQa("privacy-download"));
    expect(identity.logins).toEqual([{ prompt: "login", redirectUri: window.location.href }]);
    expect(api.calls.some((c) => c.method === "exportMyData")).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(KEY) ?? "{}")).toMatchObject({
      kind: "export-my-data",
      personId: "p-1",
    });
    expect(await findQa("privacy-fresh-sign-in")).toHaveTextContent("Danach startet der Download.");
    expect(qa("privacy-download")).toBeDisabled();
    expect(saved).toEqual([]);
  });

  it("starts the download by itself once back from the new sign-in", async () => {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ kind: "export-my-data", personId: "p-1", values: {}, savedAt: Date.now() }),
    );
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record what the page brings into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    let answerExport: (value: ReturnType<typeof answer<PersonExport>>) => void = () => undefined;
    const { api } = await renderProfile(
      () => new Promise((resolve) => (answerExport = resolve)) as never,
    );
    // The page opens at its top: the notice that the download starts is brought into view
    // and read at once (focus), then the one that it is saved.
    const starting = await findQa("privacy-resumed");
    expect(starting).toHaveTextContent("Der Download Ihrer Daten startet.");
    await waitFor(() => expect(starting).toHaveFocus());
    expect(scrolled).toContain(starting);
    answerExport(answer(EXPORT));
    const done = await findQa("privacy-saved");
    await waitFor(() => expect(done).toHaveFocus());
    expect(scrolled).toContain(done);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    expect(saved.map((s) => s.name)).toEqual([exportFileName(new Date())]);
    expect(api.calls.filter((c) => c.method === "exportMyData")).toHaveLength(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it("signs in again when the server answers REAUTHENTICATION_REQUIRED", async () => {
    const user = userEvent.setup();
    const { identity } = await renderProfile(() =>
      fail(failure(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }])),
    );
    await user.click(await findQa("privacy-download"));
    await findQa("privacy-fresh-sign-in");
    expect(identity.logins[0]?.prompt).toBe("login");
    expect(queryQa("privacy-download-error-dialog")).toBeNull();
  });

  it("shows TOO_MANY_REQUESTS in the page's language and saves nothing", async () => {
    const user = userEvent.setup();
    await renderProfile(() => fail(failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }])), {
      language: "en",
    });
    await user.click(await findQa("privacy-download"));
    const dialog = await findQa("privacy-download-error-dialog");
    expect(dialog).toHaveTextContent("Too many attempts. Please wait a moment and try again.");
    expect(saved).toEqual([]);
    expect(queryQa("privacy-saved")).toBeNull();
    expect(qa("privacy-download")).toBeEnabled();
  });

  it("shows a refusal after the automatic retry instead of signing in again in a loop", async () => {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ kind: "export-my-data", personId: "p-1", values: {}, savedAt: Date.now() }),
    );
    const { identity } = await renderProfile(() =>
      fail(failure(401, [{ errorCode: "REAUTHENTICATION_REQUIRED" }])),
    );
    expect(await findQa("privacy-download-error-dialog")).toBeInTheDocument();
    expect(identity.logins).toEqual([]);
  });
});
