import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { splitCitations, CITATION_HREF_PREFIX } from "./remarkCitations.js";
import { safeHref } from "./safeHref.js";

describe("splitCitations", () => {
  it("turns [m001] markers into citation links and keeps the text around them", () => {
    const parts = splitCitations("正文[m001]和[m002][m013]。");
    expect(parts.map((p) => (p.type === "link" ? `<${p.url}>` : p.type === "text" ? p.value : p.type))).toEqual([
      "正文",
      `<${CITATION_HREF_PREFIX}m001>`,
      "和",
      `<${CITATION_HREF_PREFIX}m002>`,
      `<${CITATION_HREF_PREFIX}m013>`,
      "。",
    ]);
  });

  it("never loses or invents text (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer({ min: 0, max: 999 }).map((n) => `[m${String(n).padStart(3, "0")}]`))), (pieces) => {
        const input = pieces.join("");
        const rebuilt = splitCitations(input)
          .map((p) => (p.type === "text" ? p.value : p.type === "link" ? `[${p.url.slice(CITATION_HREF_PREFIX.length)}]` : ""))
          .join("");
        expect(rebuilt).toBe(input);
      }),
    );
  });
});

describe("safeHref", () => {
  it("keeps absolute http(s) and mailto links", () => {
    expect(safeHref("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeHref("mailto:a@example.org")).toBe("mailto:a@example.org");
  });

  it.each(["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "vbscript:x", "/relative", "//evil.example/x", "http://user:pw@example.org/", "app://x", ""])(
    "drops %j",
    (href) => {
      expect(safeHref(href)).toBeNull();
    },
  );
});
