/** A piece of an answer: plain text, or a page citation the reader can jump to. */
export type AnswerPart = { kind: "text"; text: string } | { kind: "cite"; text: string; page: number; paper: number | null };

const CITATION = /\[(?:P(\d{1,2})\s+)?p\.\s*(\d{1,4})((?:\s*[,，、]\s*(?:p\.\s*)?\d{1,4})*)\]/g;

/** Splits `[p.3]`, `[p.3, p.5]` and `[P2 p.4]` out of an answer; other text is kept as is. */
export function answerParts(answer: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of answer.matchAll(CITATION)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: "text", text: answer.slice(last, at) });
    const paper = match[1] ? Number(match[1]) : null;
    const pages = [match[2]!, ...(match[3] ?? "").split(/[,，、]/).map((p) => p.replace(/p\.\s*/, "").trim()).filter(Boolean)].map(Number);
    for (const page of pages) parts.push({ kind: "cite", text: paper ? `P${paper} p.${page}` : `p.${page}`, page, paper });
    last = at + match[0].length;
  }
  if (last < answer.length) parts.push({ kind: "text", text: answer.slice(last) });
  return parts;
}
