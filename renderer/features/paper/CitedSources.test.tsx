import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Citation } from "../../../shared/workflows/paper.js";
import { makeFeatureTranslate } from "../../i18n/defineMessages.js";
import { CitedSources } from "./AnswerText.js";
import { paperMessages } from "./messages.js";

const citations: Citation[] = [
  { page: 1, chunk_id: "d:1", quote: "From the text layer." },
  { page: 2, chunk_id: "d:2", quote: "A clean scan.", ocr: true, ocr_confidence: 0.91 },
  { page: 3, chunk_id: "d:3", quote: "A faint scan.", ocr: true, ocr_confidence: 0.58 },
];

function sources(locale: "zh-CN" | "en"): string {
  const t = makeFeatureTranslate(paperMessages, locale);
  return renderToStaticMarkup(
    <CitedSources label={t("paper.sources")} ocrLabel={t("paper.ocrSource")} lowOcrLabel={(c) => t("paper.ocrLowSource", { c })} citations={citations} onCite={() => undefined} />,
  );
}

describe("CitedSources", () => {
  it("marks a cited page that OCR read with low confidence, with its confidence, in zh and en", () => {
    const en = sources("en");
    const items = en.split("<li").slice(1);
    expect(items[0]).not.toContain("OCR");
    expect(items[1]).toContain("(OCR page)");
    expect(items[1]).not.toContain("paper-source-low-ocr");
    expect(items[2]).toContain('data-testid="paper-source-low-ocr"');
    expect(items[2]).toContain("only 58% confidence: check it on the page");
    expect(sources("zh-CN")).toContain("置信度仅 58%，请对照原页核实");
  });
});
