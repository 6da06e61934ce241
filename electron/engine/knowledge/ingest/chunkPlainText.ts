import { detectLang, type RawChunk } from "./RawChunk.js";
import { splitText, type SplitOptions } from "./splitText.js";
import { headingPrefix } from "./chunkMarkdown.js";

/** Plain text → chunks with line ranges; `page` is set for text extracted from one PDF page. */
export async function chunkPlainText(
  text: string,
  options: SplitOptions & { page?: number; headingPath?: string } = {},
): Promise<RawChunk[]> {
  const pieces = await splitText(text.replace(/\r\n?/g, "\n"), options);
  const headingPath = options.headingPath ?? "";
  return pieces.map((piece) => ({
    text: headingPrefix(headingPath) + piece.text,
    headingPath,
    page: options.page ?? null,
    lineStart: piece.lineStart,
    lineEnd: piece.lineEnd,
    lang: detectLang(piece.text),
  }));
}
