import { detectLang, type RawChunk } from "./RawChunk.js";
import { splitText, type SplitOptions } from "./splitText.js";

interface Section {
  path: string[];
  body: string;
  /** 1-based line of the body's first line. */
  firstLine: number;
}

const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** The prefix that tells the embedder and the reader where a chunk sits. */
export function headingPrefix(path: string): string {
  return path ? `【所属章节：${path}】\n` : "";
}

/**
 * Markdown → chunks: split at `#`/`##`/`###` headings first (outside code fences), then each
 * section with the recursive splitter (500/50), then prefix every chunk with its heading path
 * `【所属章节：Module > Section】`. Line ranges refer to the markdown source.
 */
export async function chunkMarkdown(markdown: string, options: SplitOptions = {}): Promise<RawChunk[]> {
  const sections = splitSections(markdown.replace(/\r\n?/g, "\n"));
  const chunks: RawChunk[] = [];
  for (const section of sections) {
    if (!section.body.trim()) continue;
    const headingPath = section.path.join(" > ");
    const pieces = await splitText(section.body, { ...options, firstLine: section.firstLine });
    for (const piece of pieces) {
      chunks.push({
        text: headingPrefix(headingPath) + piece.text,
        headingPath,
        page: null,
        lineStart: piece.lineStart,
        lineEnd: piece.lineEnd,
        lang: detectLang(piece.text),
      });
    }
  }
  return chunks;
}

function splitSections(markdown: string): Section[] {
  const lines = markdown.split("\n");
  const sections: Section[] = [];
  const stack: Array<{ level: number; title: string }> = [];
  let body: string[] = [];
  let firstLine = 1;
  let inFence = false;
  const flush = (nextFirstLine: number) => {
    sections.push({ path: stack.map((h) => h.title), body: body.join("\n"), firstLine });
    body = [];
    firstLine = nextFirstLine;
  };
  lines.forEach((line, index) => {
    if (FENCE.test(line)) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (!match) {
      body.push(line);
      return;
    }
    flush(index + 2);
    const level = match[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
    stack.push({ level, title: match[2]!.trim() });
  });
  flush(lines.length + 1);
  return sections;
}
