import { describe, expect, it } from "vitest";
import { exportFileName } from "./export-file.js";
import { escapeHtml, html, raw } from "./safe-html.js";
import { isUuid } from "./uuid.js";

describe("escapeHtml", () => {
  it("escapes the five characters that end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
  });

  it("leaves other text, umlauts and words like amp, unchanged", () => {
    expect(escapeHtml("Müller-Lüdenscheidt; 100 % amp")).toBe("Müller-Lüdenscheidt; 100 % amp");
  });

  it("escapes an ampersand once, so escaped text escapes again visibly", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
});

describe("html", () => {
  it("escapes interpolated text and keeps marked markup, lists and left-out parts", () => {
    const items = [raw("<li>a</li>"), html`<li>${"<b>"}</li>`];
    expect(
      html`<p title="${`"x"`}">${"Tom & Jerry"}${false}${null}${1}</p><ul>${items}</ul>`.html,
    ).toBe('<p title="&quot;x&quot;">Tom &amp; Jerry1</p><ul><li>a</li><li>&lt;b&gt;</li></ul>');
  });
});

describe("isUuid", () => {
  it("accepts the canonical form in either case", () => {
    expect(isUuid("0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1d00")).toBe(true);
    expect(isUuid("0B0E2A4E-5F7A-4C1E-9D3B-2F6A8C9E1D00")).toBe(true);
  });

  it.each([
    "",
    "42",
    "0b0e2a4e5f7a4c1e9d3b2f6a8c9e1d00",
    "0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1d0",
    "0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1d00 ",
    "{0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1d00}",
    "0b0e2a4e-5f7a-4c1e-9d3b-2f6a8c9e1g00",
  ])("refuses %j", (value) => {
    expect(isUuid(value)).toBe(false);
  });
});

describe("exportFileName", () => {
  it("names the export after the UTC day", () => {
    expect(exportFileName(new Date("2026-11-24T09:30:00Z"))).toBe("portal-export-2026-11-24.json");
    // 00:30 in Berlin is still the 23rd in UTC: server and web agree on the UTC day.
    expect(exportFileName(new Date("2026-11-23T23:30:00Z"))).toBe("portal-export-2026-11-23.json");
  });
});
