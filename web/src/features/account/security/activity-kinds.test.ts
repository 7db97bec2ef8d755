import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SECURITY_EVENT_KINDS } from "@portal/contracts";
import { describe, expect, it } from "vitest";

// The recent-activity list names each event by `Activity.Kind.<kind>`: a kind the server
// records (e.g. the data download, added with the privacy routes) without a text would show
// its raw key on the security page.

const kinds = (lng: string): Record<string, unknown> =>
  (
    JSON.parse(
      readFileSync(
        join(import.meta.dirname, "..", "..", "..", "locales", lng, "account.json"),
        "utf8",
      ),
    ) as { Activity: { Kind: Record<string, unknown> } }
  ).Activity.Kind;

describe("recent activity's words", () => {
  it.each(["de", "en", "fr"])("%s names every security event kind of the contracts", (lng) => {
    const named = kinds(lng);
    const missing = SECURITY_EVENT_KINDS.filter((kind) => typeof named[kind] !== "string");
    expect(missing).toEqual([]);
  });
});
