import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { makeFeatureTranslate } from "../../../i18n/defineMessages.js";
import { OcrConfidence } from "./OcrConfidence.js";
import { pageViewMessages } from "./pageViewMessages.js";

function badge(locale: "zh-CN" | "en", confidence: number | undefined, compact = false): string {
  return renderToStaticMarkup(<OcrConfidence t={makeFeatureTranslate(pageViewMessages, locale)} confidence={confidence} compact={compact} />);
}

describe("OcrConfidence", () => {
  it("shows a scanned page's OCR confidence, and marks a low one (below 0.75) in zh and en", () => {
    expect(badge("en", 0.91)).toContain("OCR confidence 91%");
    expect(badge("en", 0.91)).toContain('data-low="false"');
    expect(badge("en", 0.58)).toContain("Low OCR confidence: 58%");
    expect(badge("en", 0.58)).toContain('class="pdf-ocr-confidence is-low"');
    expect(badge("en", 0.58)).toContain("check them on the page image");
    expect(badge("zh-CN", 0.91)).toContain("OCR 置信度 91%");
    expect(badge("zh-CN", 0.58)).toContain("OCR 置信度低：58%");
    expect(badge("zh-CN", 0.58)).toContain("请对照页面原图核实");
    // At the threshold a page is no longer low.
    expect(badge("en", 0.75)).toContain('data-low="false"');
  });

  it("is short under a thumbnail and absent on a page with a text layer", () => {
    expect(badge("en", 0.62, true)).toContain("OCR 62%");
    expect(badge("en", 0.62, true)).toContain("is-low");
    expect(badge("en", undefined)).toBe("");
  });
});
