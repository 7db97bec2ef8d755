import type { UserManagementApi } from "@portal/core";
import { ok } from "@portal/core";
import { describe, expect, it, vi } from "vitest";
import { onFirstCall } from "./on-first-call.js";
import { PageReadyTracker } from "./page-ready.js";

const tracker = () => new PageReadyTracker(document.createElement("div"), 0);

/** A loaded client with one call, recording its arguments. */
const loadedClient = () => {
  const getWebTarget = vi.fn(async (key: string) => ok({ key, url: "/x", sourceSystem: "MC" }));
  return { client: { getWebTarget } as unknown as UserManagementApi, getWebTarget };
};

describe("onFirstCall", () => {
  it("loads the client once, on the first call, and hands every call on with its arguments", async () => {
    const { client, getWebTarget } = loadedClient();
    const load = vi.fn(async () => client);
    const api = onFirstCall(load, tracker());
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([api.getWebTarget("MC"), api.getWebTarget("BONITAET")]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(getWebTarget.mock.calls).toEqual([["MC"], ["BONITAET"]]);
    expect(a).toEqual(ok({ key: "MC", url: "/x", sourceSystem: "MC" }));
    expect(b.ok && b.value.key).toBe("BONITAET");
  });

  it("keeps the page not ready while the client loads", async () => {
    const pageReady = tracker();
    const { client } = loadedClient();
    let arrive: (c: UserManagementApi) => void = () => undefined;
    const api = onFirstCall<UserManagementApi>(
      () => new Promise((resolve) => (arrive = resolve)),
      pageReady,
    );
    const call = api.getWebTarget("MC");
    expect(pageReady.pending).toBe(1);
    arrive(client);
    await call;
    expect(pageReady.pending).toBe(0);
  });

  it("answers a failure (status 0) when the client's chunk does not load, and loads again on the next call", async () => {
    const { client } = loadedClient();
    const load = vi
      .fn<() => Promise<UserManagementApi>>()
      .mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(client);
    const api = onFirstCall(load, tracker());
    const failed = await api.getWebTarget("MC");
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error).toMatchObject({
      _tag: "HttpFailure",
      status: 0,
      message: "Failed to fetch dynamically imported module",
    });
    expect((await api.getWebTarget("MC")).ok).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is not a promise: awaiting it (as a container resolving it does) answers the client", async () => {
    const api = onFirstCall(async () => loadedClient().client, tracker());
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(api)).toBe(api);
  });
});
