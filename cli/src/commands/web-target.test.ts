import { describe, expect, it } from "vitest";
import { translator } from "../i18n.js";
import { reportFailure } from "../report-failure.js";
import { fakeWebTargets } from "../testing/fakes.js";
import { collectWebTarget, printWebTarget } from "./web-target.js";

const targets = {
  MC: { key: "MC", url: "https://portal.example/", sourceSystem: "MC" },
  SHOP: { key: "SHOP", url: "https://shop.example/start", sourceSystem: "SHOP" },
};

describe("collectWebTarget: 'Prk is upper-cased'; 'default key MC'", () => {
  it.each([
    { given: undefined, asked: "MC" },
    { given: "", asked: "MC" },
    { given: "  ", asked: "MC" },
    { given: "mc", asked: "MC" },
    { given: " shop ", asked: "SHOP" },
  ])("key $given is looked up as $asked", async ({ given, asked }) => {
    const fake = fakeWebTargets(targets);
    const result = await collectWebTarget(given, fake.port);
    expect(fake.asked).toEqual([asked]);
    expect(result).toEqual({ ok: true, value: targets[asked as keyof typeof targets] });
  });

  it("an unknown key is the portal's 404 answer, passed on as an HTTP failure", async () => {
    const result = await collectWebTarget("nope", fakeWebTargets(targets).port);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error._tag).toBe("Http");
      if (result.error._tag === "Http") expect(result.error.failure.status).toBe(404);
    }
  });

  it("an unknown key is named with the keys the portal knows", async () => {
    const result = await collectWebTarget("shop2", fakeWebTargets(targets).port);
    if (result.ok) throw new Error("expected a failure");
    const report = reportFailure(result.error, translator("en"));
    expect(report.text).toContain(
      "There is no web target with the key SHOP2. Known keys: MC, SHOP.",
    );
    expect(report.text).toContain("HTTP 404");
  });
});

describe("printWebTarget", () => {
  it("aligns key, URL and source system", () => {
    expect(printWebTarget(targets.SHOP, translator("en"))).toBe(
      [
        "Key            SHOP",
        "URL            https://shop.example/start",
        "Source system  SHOP",
      ].join("\n"),
    );
  });
  it("labels in German", () => {
    expect(printWebTarget(targets.MC, translator("de"))).toContain("Quellsystem  MC");
  });
});
