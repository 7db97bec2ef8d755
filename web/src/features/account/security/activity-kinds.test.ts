import { SECURITY_EVENT_KINDS } from "@portal/contracts";
import { loadTexts } from "@portal/core";
import { describe, expect, it } from "vitest";

// The recent-activity list names each event by `Activity.Kind.<kind>`: a kind the server
// records (e.g. the data download, added with the privacy routes) without a text would show
// its raw key on the security page.

const kinds = async (lng: "de" | "en" | "fr"): Promise<Record<string, unknown>> =>
  ((await loadTexts(lng, "account")) as { Activity: { Kind: Record<string, unknown> } }).Activity
    .Kind;

describe("recent activity's words", () => {
  it.each(["de", "en", "fr"] as const)(
    "%s names every security event kind of the contracts",
    async (lng) => {
      const named = await kinds(lng);
      const missing = SECURITY_EVENT_KINDS.filter((kind) => typeof named[kind] !== "string");
      expect(missing).toEqual([]);
    },
  );
});
