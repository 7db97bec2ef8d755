import { describe, expect, it } from "vitest";
import { FRAME_CONFIG } from "../../prerender/frame-config.js";
import { checkConfig } from "./decoding.js";

describe("checkConfig", () => {
  it("accepts a config.json as the server writes it", () => {
    expect(() => checkConfig(FRAME_CONFIG)).not.toThrow();
  });

  it("names the field of a file that does not match (servers and apps of two versions)", () => {
    const { identity: _, ...withoutIdentity } = FRAME_CONFIG;
    expect(() => checkConfig(withoutIdentity)).toThrow(/identity/);
    expect(() => checkConfig({ ...FRAME_CONFIG, analyticsUrl: 42 })).toThrow(/analyticsUrl/);
  });
});
