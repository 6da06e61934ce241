import { ScriptoriumError } from "../../../../shared/errors.js";

/**
 * Text of each PDF page (index 0 = page 1), with pdfjs-dist's legacy build (the modern one needs
 * browser globals). `isEvalSupported: false` keeps pdf.js from compiling fonts with `eval`.
 */
export async function extractPdfPages(data: Uint8Array, signal?: AbortSignal): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes ownership of (detaches) the buffer: give it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      if (signal?.aborted) throw new ScriptoriumError("aborted", "PDF extraction was cancelled.");
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      pages.push(text.trim());
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
