import { LOW_OCR_CONFIDENCE } from "../../../../shared/workflows/paper.js";
import type { PageViewTranslate } from "./pageViewMessages.js";

export interface OcrConfidenceProps {
  t: PageViewTranslate;
  /** The page's OCR confidence (0–1); undefined for a page with a text layer, which shows nothing. */
  confidence: number | undefined;
  /** The short form, under a thumbnail. */
  compact?: boolean;
}

/**
 * A scanned page's OCR confidence. Below LOW_OCR_CONFIDENCE (the threshold at which answers tell
 * the reader to check a cited page) it is marked, so the user sees which pages to trust less.
 */
export function OcrConfidence({ t, confidence, compact = false }: OcrConfidenceProps) {
  if (confidence === undefined) return null;
  const c = Math.round(confidence * 100);
  const low = confidence < LOW_OCR_CONFIDENCE;
  const label = compact ? t("pdf.ocrShort", { c }) : t(low ? "pdf.ocrLow" : "pdf.ocrConfidence", { c });
  return (
    <span
      className={`pdf-ocr-confidence${compact ? " pdf-ocr-confidence--compact" : ""}${low ? " is-low" : ""}`}
      data-testid="pdf-ocr-confidence"
      data-low={low ? "true" : "false"}
      title={t(low ? "pdf.ocrLowHint" : "pdf.ocrHint", { c })}
    >
      {low && <span aria-hidden="true">⚠ </span>}
      {label}
    </span>
  );
}
