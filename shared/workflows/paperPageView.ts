import { z } from "zod";

const OcrLineSchema = z.object({ text: z.string(), confidence: z.number(), x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

/**
 * The page view of a paper: the imported PDF's bytes (base64, the file the library recorded and
 * hashed at import, nothing else) for pdf.js in the reader, and each scanned page's OCR line boxes
 * (PDF points, top-left origin). `pdf` is null for a paper that is not a PDF or whose file has
 * moved or changed since import (`missing` says which), so the reader keeps its text view.
 */
export const PaperPageViewMethods = {
  pageView: {
    input: z.object({ doc_id: z.string().trim().min(1).max(64) }).strict(),
    output: z.object({
      kind: z.string(),
      pdf: z.string().nullable(),
      missing: z.enum(["not_pdf", "moved", "changed"]).nullable(),
      ocr: z.array(z.object({ page: z.number().int(), confidence: z.number(), lines: z.array(OcrLineSchema) })),
    }),
  },
} as const;
