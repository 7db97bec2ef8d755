import { describe, expect, it } from "vitest";
import { framePage, type WebAppFrames } from "./web-app-frames.js";

const INDEX =
  '<html lang="de"><head><title>x</title></head><body><div id="root"></div></body></html>';
const frames: WebAppFrames = {
  routes: {
    "": {
      query: [],
      frames: { de: { title: "Start $& – a", html: "<p>$1 __PORTAL_BRANDING_faqUrl__</p>" } },
    },
  },
};
const values = { branding: { faqUrl: "https://example.org/faq?a=1&b=2" }, year: 2031 };

describe("framePage", () => {
  it("takes `$` in titles and frames as text and escapes the branding", () => {
    const page = framePage(INDEX, frames, values, { path: "", query: [], cookie: undefined });
    expect(page).toBe(
      '<html lang="de"><head><title>Start $&amp; – a</title></head><body><div id="root" data-frame="de"><p>$1 https://example.org/faq?a=1&amp;b=2</p></div></body></html>',
    );
  });

  it("answers null for a language without a frame and for an index.html without an empty #root", () => {
    // de_AT too: its frame is its own, never German's with another choice in the switch.
    for (const locale of ["en_US", "de_AT"]) {
      expect(
        framePage(INDEX, frames, values, {
          path: "",
          query: [],
          cookie: `CAS_PREFERRED_LANGUAGE=${locale}`,
        }),
      ).toBeNull();
    }
    expect(
      framePage("<div id=root></div>", frames, values, { path: "", query: [], cookie: undefined }),
    ).toBeNull();
  });

  it("answers null for a path named like a member of Object.prototype, and keeps such a marker", () => {
    for (const path of ["__proto__", "constructor", "hasOwnProperty", "valueOf", "toString"]) {
      expect(
        framePage(INDEX, frames, values, { path, query: ["x"], cookie: undefined }),
      ).toBeNull();
    }
    // Parsed from JSON, `__proto__` is a route of its own like any other name.
    const parsed = JSON.parse(
      '{"routes":{"__proto__":{"query":[],"frames":{"de":{"title":"P","html":"<p>__PORTAL_BRANDING_constructor__</p>"}}}}}',
    ) as WebAppFrames;
    expect(
      framePage(INDEX, parsed, values, { path: "__proto__", query: [], cookie: undefined }),
    ).toContain("<p>__PORTAL_BRANDING_constructor__</p>");
  });
});
