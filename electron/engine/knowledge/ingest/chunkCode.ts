import type { RawChunk } from "./RawChunk.js";

/** Programming language by file extension (lower-case, without the dot). */
export const CODE_LANGUAGES: Record<string, string> = {
  ts: "typescript", tsx: "typescript", mts: "typescript", cts: "typescript",
  js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript",
  py: "python", java: "java", kt: "kotlin", go: "go", rs: "rust", c: "c", h: "c",
  cpp: "cpp", cc: "cpp", hpp: "cpp", cs: "csharp", rb: "ruby", php: "php", swift: "swift",
  scala: "scala", sh: "shell", bash: "shell", sql: "sql", lua: "lua", r: "r", m: "objc",
  vue: "vue", svelte: "svelte", css: "css", scss: "css", yaml: "yaml", yml: "yaml",
  toml: "toml", json: "json", xml: "xml", proto: "proto", gradle: "gradle",
};

export interface CodeChunkOptions {
  /** Soft maximum of characters per chunk; default 1500. */
  maxChars?: number;
  /** Hard maximum of lines per chunk; default 60. */
  maxLines?: number;
  /** Lines repeated at the start of the next chunk; default 3. */
  overlapLines?: number;
}

/**
 * Code → line-range chunks. Cuts prefer a blank line once a chunk is half full, so functions tend
 * to stay whole; each chunk is prefixed with its path and lines so search hits are self-describing.
 */
export function chunkCode(code: string, relativePath: string, language: string, options: CodeChunkOptions = {}): RawChunk[] {
  const maxChars = options.maxChars ?? 1500;
  const maxLines = options.maxLines ?? 60;
  const overlap = options.overlapLines ?? 3;
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  const chunks: RawChunk[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    let chars = 0;
    let lastBlank = -1;
    while (end < lines.length && end - start < maxLines && (chars === 0 || chars + lines[end]!.length + 1 <= maxChars)) {
      if (lines[end]!.trim() === "" && (end - start >= maxLines / 2 || chars >= maxChars / 2)) lastBlank = end;
      chars += lines[end]!.length + 1;
      end++;
    }
    if (end < lines.length && lastBlank > start) end = lastBlank + 1;
    const body = lines.slice(start, end).join("\n");
    if (body.trim()) {
      chunks.push({
        text: `【文件：${relativePath} 第${start + 1}-${end}行】\n${body}`,
        headingPath: relativePath,
        page: null,
        lineStart: start + 1,
        lineEnd: end,
        lang: language,
      });
    }
    if (end >= lines.length) break;
    start = Math.max(start + 1, end - overlap);
  }
  return chunks;
}
