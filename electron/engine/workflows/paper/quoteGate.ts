import type { Citation } from "../../../../shared/workflows/paper.js";
import { quoteAppears } from "../../../../shared/text/findQuote.js";
import { anchorsOf, contentTokens, hasName, normalize, numbersOf, splitSentences } from "../common/claimText.js";
import type { EvidenceChunkState } from "./state.js";

/**
 * The quote gate, so an answer cannot cite what its sources do not say: every citation an answer
 * keeps names a chunk and a quote that appears verbatim (whitespace- and width-normalised,
 * shared/text/findQuote) in that chunk.
 *
 * Citations are written `[p.N]`, `[p.N "quote"]` (quote marks “ ” 「 」 also) or `[P2 p.N …]` with
 * several papers. A quote the model wrote is checked as written; without one, the gate takes the
 * sentence of the cited page's passages that best supports the cited answer sentence — its content
 * words, or (across languages) its numbers and names, must be there. A citation whose quote fails,
 * or that names no retrieved page, is removed and its sentence marked, so the answer never
 * presents it as supported.
 */

export const CITATION = /\[(?:P(\d{1,2})\s+)?p\.\s*(\d{1,4}(?:\s*[,，、-]\s*(?:p\.\s*)?\d{1,4})*)(?:\s*[:：,，]?\s*["“「『]([^"”」』\]]{1,400})["”」』])?\]/g;

/** What replaces a citation that the gate removed: the sentence is marked, not silently trusted. */
export const UNSUPPORTED_MARK = { zh: "（原文未找到依据）", en: " (not found in the paper)" } as const;

export interface GatedCitations {
  text: string;
  citations: Citation[];
  /** Citations naming a page the agent was not given (removed). */
  refused: string[];
  /** Sentences whose citations all failed the gate (marked in the text). */
  unsupported: string[];
}

/** Minimum share of the answer sentence's content tokens a derived quote must hold. */
const MIN_OVERLAP = 0.3;

/**
 * `pageChunks` (optional) gives every chunk of a cited page: a quote the retrieved passages of that
 * page do not hold may still be on it (the model saw the page's other passages in earlier stages).
 */
export function gateCitations(
  text: string,
  evidence: EvidenceChunkState[],
  docIds: string[],
  pageChunks?: (docId: string, page: number) => EvidenceChunkState[],
): GatedCitations {
  const citations: Citation[] = [];
  const refused: string[] = [];
  const unsupported: string[] = [];
  const seen = new Set<string>();
  // The mark speaks the answer's language (quotes may be in the paper's).
  const mark = /[\u3400-\u9fff]/.test(text.replace(CITATION, "")) ? UNSUPPORTED_MARK.zh : UNSUPPORTED_MARK.en;
  let previousEnd = 0;
  const gated = text.replace(CITATION, (whole: string, paperIndex: string | undefined, list: string, quote: string | undefined, offset: number) => {
    const sentence = sentenceBefore(text, offset, previousEnd);
    previousEnd = offset + whole.length;
    const docId = paperIndex ? docIds[Number(paperIndex) - 1] : docIds.length === 1 ? docIds[0] : undefined;
    const pages = list.split(/[,，、-]/).map((p) => Number(p.replace(/p\.\s*/, "").trim()));
    const kept: number[] = [];
    let unknown = false;
    for (const page of pages) {
      const chunks = evidence.filter((c) => c.page === page && (docId === undefined || c.doc_id === docId)).sort((a, b) => b.score - a.score);
      if (chunks.length === 0) {
        unknown = true;
        continue;
      }
      const find = (candidates: EvidenceChunkState[]) => (quote !== undefined ? writtenQuote(quote, candidates) : derivedQuote(sentence, candidates));
      const owner = docId ?? chunks[0]!.doc_id;
      const found = find(chunks) ?? (pageChunks ? find(pageChunks(owner, page).filter((c) => !chunks.some((k) => k.chunk_id === c.chunk_id))) : null);
      if (!found) continue;
      kept.push(page);
      const key = `${found.chunk.chunk_id}\u0000${found.quote}`;
      if (seen.has(key)) continue;
      seen.add(key);
      citations.push({
        page,
        chunk_id: found.chunk.chunk_id,
        quote: found.quote,
        ...(docIds.length > 1 ? { doc_id: found.chunk.doc_id } : {}),
        ...(found.chunk.ocr ? { ocr: true, ...(found.chunk.ocr_confidence !== undefined ? { ocr_confidence: found.chunk.ocr_confidence } : {}) } : {}),
      });
    }
    if (unknown) refused.push(whole);
    if (kept.length > 0) return `[${paperIndex ? `P${paperIndex} ` : ""}${kept.map((p) => `p.${p}`).join(", ")}]`;
    // A page the agent never saw is refused as before; a real page without support is marked.
    if (unknown && pages.every((page) => !evidence.some((c) => c.page === page))) return "";
    if (sentence) unsupported.push(sentence);
    // A sentence the claim checker already marked keeps its one mark.
    const before = text.slice(0, offset).trimEnd();
    const after = text.slice(offset + whole.length).replace(/^\s*[.。!?！？]?\s*/, "");
    if (Object.values(UNSUPPORTED_MARK).some((m) => before.endsWith(m.trim()) || after.startsWith(m.trim()))) return "";
    return mark;
  });
  return {
    text: gated
      .replace(/[ \t]+([，。,.;；])/g, "$1")
      .replace(/[ \t]{2,}/g, " ")
      .trim(),
    citations,
    refused,
    unsupported,
  };
}

/** The answer sentence a citation at `offset` stands for: back to the last sentence end or citation. */
export function sentenceBefore(text: string, offset: number, floor: number): string {
  const head = text.slice(floor, offset);
  const ends = [...head.matchAll(/[.!?](?=\s)|[。！？\n]/g)].filter((m) => m.index! < head.trimEnd().length - 1);
  const start = ends.length ? ends.at(-1)!.index! + 1 : 0;
  return head.slice(start).replace(/^[\s;；,，]+/, "").trim();
}

function writtenQuote(quote: string, chunks: EvidenceChunkState[]): { chunk: EvidenceChunkState; quote: string } | null {
  const chunk = chunks.find((c) => quoteAppears(c.text, quote));
  return chunk ? { chunk, quote: quote.trim() } : null;
}

/**
 * The passage sentence that best supports `sentence`: the most of its content tokens (at least
 * {@link MIN_OVERLAP}); across languages (a Chinese answer about an English paper) its numbers and
 * Latin names instead, all of which must be there. Numbers of the answer sentence must all appear.
 */
export function derivedQuote(sentence: string, chunks: readonly EvidenceChunkState[]): { chunk: EvidenceChunkState; quote: string } | null {
  const best = bestSupport(sentence, chunks);
  return best ? { chunk: best.chunk, quote: best.quote } : null;
}

/** {@link derivedQuote} with the share of the answer sentence's content tokens the quote holds (1 across languages). */
export function bestSupport(sentence: string, chunks: readonly EvidenceChunkState[]): { chunk: EvidenceChunkState; quote: string; score: number } | null {
  const wanted = contentTokens(sentence);
  const anchors = anchorsOf(sentence);
  const crossLingual = /[\u3400-\u9fff]/.test(sentence) !== chunks.some((c) => /[\u3400-\u9fff]/.test(c.text));
  let best: { chunk: EvidenceChunkState; quote: string; score: number } | null = null;
  for (const chunk of chunks) {
    for (const candidate of splitSentences(chunk.text)) {
      const normal = normalize(candidate);
      const numbers = new Set(numbersOf(normal));
      if (!anchors.numbers.every((n) => numbers.has(n))) continue;
      let score: number;
      if (crossLingual) {
        const total = anchors.numbers.length + anchors.names.length;
        if (total === 0 || !anchors.names.every((name) => hasName(normal, name))) continue;
        score = 1;
      } else {
        if (wanted.size === 0) continue;
        const have = contentTokens(candidate);
        score = [...wanted].filter((t) => have.has(t)).length / wanted.size;
        if (score < MIN_OVERLAP) continue;
      }
      if (!best || score > best.score) best = { chunk, quote: candidate.slice(0, 400), score };
    }
  }
  // A derived quote is a whole sentence of the chunk, so it passes the same verbatim check.
  return best && quoteAppears(best.chunk.text, best.quote) ? best : null;
}

/** Every chunk of a paper's page, as evidence, from the paper repository (for gateCitations). */
export function repoPageChunks(repo: {
  chunks(docId: string): Array<{ id: string; doc_id: string; page: number; text: string; section: string; kind: string }>;
  ocrPages(docId: string): ReadonlyMap<number, number>;
}) {
  const cache = new Map<string, EvidenceChunkState[]>();
  return (docId: string, page: number): EvidenceChunkState[] => {
    const key = `${docId}\u0000${page}`;
    let chunks = cache.get(key);
    if (!chunks) {
      const confidence = repo.ocrPages(docId).get(page);
      const ocr = confidence === undefined ? {} : { ocr: true, ocr_confidence: confidence };
      chunks = repo
        .chunks(docId)
        .filter((c) => c.page === page && c.kind !== "reference")
        .map((c) => ({ chunk_id: c.id, doc_id: c.doc_id, page: c.page, score: 0, text: c.text, section: c.section, ...ocr }));
      cache.set(key, chunks);
    }
    return chunks;
  };
}
