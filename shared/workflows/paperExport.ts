import { z } from "zod";
import { EXPORT_FORMATS, REFERENCE_STYLE_NAMES } from "../documents.js";

/**
 * Export of a paper session's latest answer (a question's answer, a deep read with its three
 * stages, a literature review): its `[p.N]` / `[P2 p.N]` citations become Word footnotes (DOCX) /
 * numbered notes (HTML) naming the paper's title and the page, and the session's papers follow as
 * a reference list in the chosen style, from the library's (corrected) metadata.
 */
export const PaperExportMethods = {
  export: {
    input: z
      .object({
        sessionId: z.string().min(1).max(100),
        format: z.enum(EXPORT_FORMATS),
        /** Default GB/T 7714-2015 (numeric). */
        referenceStyle: z.enum(REFERENCE_STYLE_NAMES).optional(),
        /** Every reference entry in this language; default: each entry in its own. */
        referenceLocale: z.enum(["zh", "en"]).optional(),
        /** DOCX and PDF layout: `default`, `gb-t-9704`, or the path of a reference .docx. */
        template: z.string().min(1).max(1000).optional(),
        /** The language of the export's labels (问题 / Question, 参考文献 / References): the app's; default: the answer's. */
        locale: z.enum(["zh", "en"]).optional(),
      })
      .strict(),
    /** `content` is UTF-8 text for markdown/html and base64 for docx/pdf (as `documents.export`). */
    output: z.object({ fileName: z.string(), mimeType: z.string(), encoding: z.enum(["utf8", "base64"]), content: z.string() }),
  },
} as const;
