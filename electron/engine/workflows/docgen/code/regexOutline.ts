import type { OutlineSymbol } from "./OutlineSymbol.js";

/** Declaration-looking lines in most languages; a last resort when no parser handles the file. */
const DECLARATION = /^(\s*)(?:export\s+(?:default\s+)?)?(?:pub(?:\([^)]*\))?\s+)?(?:public\s+|private\s+|protected\s+|static\s+|async\s+|abstract\s+|final\s+)*(function\*?|class|def|func|fn|struct|interface|trait|enum|type|module|impl)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/;

/** Outline by matching declaration lines; each symbol spans to the line before the next one at its indent or less. */
export function regexOutline(text: string): OutlineSymbol[] {
  const lines = text.split(/\r?\n/);
  const found: Array<OutlineSymbol & { indent: number }> = [];
  lines.forEach((line, i) => {
    const m = DECLARATION.exec(line);
    if (!m) return;
    const indent = m[1]!.replace(/\t/g, "    ").length;
    const kindWord = m[2]!;
    const name = m[3]!;
    const kind = kindWord === "def" || kindWord === "func" || kindWord === "fn" || kindWord.startsWith("function") ? "function" : kindWord;
    found.push({ kind, name, startLine: i + 1, endLine: lines.length, exported: /\bexport\b|\bpub\b|\bpublic\b/.test(line) || /^[A-Z]/.test(name), depth: indent > 0 ? 1 : 0, indent });
  });
  for (let i = 0; i < found.length; i++) {
    const cur = found[i]!;
    const next = found.slice(i + 1).find((f) => f.indent <= cur.indent);
    let end = next ? next.startLine - 1 : lines.length;
    while (end > cur.startLine && !lines[end - 1]!.trim()) end--;
    cur.endLine = Math.max(cur.startLine, end);
  }
  return found.slice(0, 400).map(({ indent: _indent, ...s }) => s);
}
