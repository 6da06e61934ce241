import { createHash } from "node:crypto";
import fs from "node:fs";
import type { z } from "zod";
import type { PaperPageViewMethods } from "../../../../../shared/workflows/paperPageView.js";
import { MAX_PAPER_BYTES, type PaperLibrary } from "./PaperLibrary.js";

type PageView = z.infer<(typeof PaperPageViewMethods)["pageView"]["output"]>;

/**
 * A paper's page view: only the file the library recorded for this doc_id, and only while its bytes
 * still hash to what was imported (a moved or edited file is reported, never served in its place),
 * so the call reads no path a caller names. Scanned pages add their stored OCR line boxes.
 */
export function paperPageView(library: PaperLibrary, docId: string): PageView {
  const record = library.get(docId);
  const ocr = [...library.repo.pageOcr(docId)]
    .map(([page, value]) => ({ page, confidence: value.confidence, lines: value.lines }))
    .sort((a, b) => a.page - b.page);
  const base = { kind: record.kind, ocr };
  if (record.kind !== "pdf") return { ...base, pdf: null, missing: "not_pdf" };
  let data: Buffer;
  try {
    const stat = fs.statSync(record.path);
    if (!stat.isFile() || stat.size > MAX_PAPER_BYTES) return { ...base, pdf: null, missing: "moved" };
    data = fs.readFileSync(record.path);
  } catch {
    return { ...base, pdf: null, missing: "moved" };
  }
  if (createHash("sha256").update(data).digest("hex") !== record.content_hash) return { ...base, pdf: null, missing: "changed" };
  return { ...base, pdf: data.toString("base64"), missing: null };
}
