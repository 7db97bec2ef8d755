import type { WebTarget } from "@portal/contracts";
import { describe, expect, it } from "vitest";
import { answer, fail, failure, fakeApi } from "../test-support/fakes.js";
import { HttpWebTargets } from "./web-targets.js";

// Issue 15: the header, the page and its form each fetched the same web target.
const target = (key: string): WebTarget => ({
  key,
  url: `https://${key.toLowerCase()}.example/`,
  sourceSystem: key,
});

describe("HttpWebTargets: once per key per page load", () => {
  it("callers at the same time and later share one request per key", async () => {
    const api = fakeApi({ getWebTarget: (key) => answer(target(key)) });
    const targets = new HttpWebTargets(api);
    const [a, b] = await Promise.all([targets.get("MC"), targets.get("MC")]);
    const c = await targets.get("MC");
    expect([a, b, c].every((r) => r.ok && r.value.url === "https://mc.example/")).toBe(true);
    await targets.get("BONITAET");
    expect(api.calls.map((call) => call.args[0])).toEqual(["MC", "BONITAET"]);
  });

  it("forgets a failure, so a later screen asks again", async () => {
    let attempts = 0;
    const api = fakeApi({
      getWebTarget: (key) =>
        ++attempts === 1
          ? fail(failure(503, [{ errorCode: "BACKEND_ERROR" }]))
          : answer(target(key)),
    });
    const targets = new HttpWebTargets(api);
    expect((await targets.get("MC")).ok).toBe(false);
    expect((await targets.get("MC")).ok).toBe(true);
    expect((await targets.get("MC")).ok).toBe(true);
    expect(api.calls).toHaveLength(2);
  });
});
