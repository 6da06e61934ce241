import type { Citation, PaperClaimVerdict } from "../../../../shared/workflows/paper.js";
import { checkClaims, type ClaimJudge, type EvidenceChunk } from "../common/checkClaims.js";
import { proseOf } from "./answerProseFault.js";
import { missingNumbers } from "./missingNumbers.js";
import { CITATION, gateCitations, UNSUPPORTED_MARK, type GatedCitations } from "./quoteGate.js";
import type { EvidenceChunkState } from "./state.js";

export interface SupportedProse extends GatedCitations {
  /** Whether a sentence of the model's own words is shown (false: only bare citation tags are left, or nothing). */
  ownWords: boolean;
  /** Each sentence of the model's own words with its verdict: the claim checker's, made unsupported by a number the passages lack. */
  claims: PaperClaimVerdict[];
}

export interface SupportedProseOptions {
  evidence: EvidenceChunkState[];
  docIds: string[];
  /** Every chunk of a cited page (quoteGate's repoPageChunks): a quote may be on the page outside the retrieved passages. */
  pageChunks?: (docId: string, page: number) => EvidenceChunkState[];
  /** The claim checker's grey-zone judge; without one a grey sentence is not verified and not shown. */
  judge?: ClaimJudge;
  signal?: AbortSignal;
}

/** A sentence end outside a citation tag: Chinese and Latin ends (with closing quotes), or a line break. */
const SENTENCE_END = /[。！？!?]+["”」』）)]*|\.(?=\s|$)|\n+/g;

/**
 * An answer cut into its sentences, each with the citation tags that follow it before the next
 * sentence begins ("每 30 分钟上报一次。 [p.1 「…」]" is one) and a tag written before any words
 * going with the sentence after it ("[p.5] 节点…"), as a reader pairs them.
 */
export function answerUnits(text: string): string[] {
  const pieces: Array<{ text: string; tag: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(CITATION.source, "g"))) {
    pieces.push({ text: text.slice(last, match.index), tag: false }, { text: match[0], tag: true });
    last = match.index + match[0].length;
  }
  pieces.push({ text: text.slice(last), tag: false });
  const units: string[] = [];
  let current = "";
  let closed = false;
  const add = (part: string, tag = false) => {
    // A closed sentence ends where the next words begin; tags, spaces and stray marks still join it.
    if (closed && !tag && /[\p{L}\p{N}]/u.test(part)) {
      units.push(current);
      current = "";
      closed = false;
    }
    current += part;
  };
  for (const piece of pieces) {
    if (piece.tag) {
      add(piece.text, true);
      continue;
    }
    let from = 0;
    for (const end of piece.text.matchAll(SENTENCE_END)) {
      add(piece.text.slice(from, end.index + end[0].length));
      from = end.index + end[0].length;
      if (/[\p{L}\p{N}]/u.test(current.replace(new RegExp(CITATION.source, "g"), ""))) closed = true;
    }
    add(piece.text.slice(from));
  }
  if (current.trim()) units.push(current);
  return units.filter((unit) => unit.trim());
}

/** The gate's marks out of a shown sentence: a sentence is shown only when supported, so a mark there would contradict it. */
function withoutMarks(text: string): string {
  let out = text;
  for (const mark of Object.values(UNSUPPORTED_MARK)) out = out.split(mark.trim()).join("");
  return out;
}

/**
 * Cite or abstain, sentence by sentence: the chat answer keeps only the sentences of the model's
 * own words that the claim checker finds supported by the passages they cite (all retrieved
 * passages when they cite none that passed) and whose numbers, with their units, all occur in
 * those passages. The quote gate checks what a citation quotes, not the words around it: Gemma
 * wrote "在 40 厘米和 60 厘米两个深度" beside a verified quote of "每 30 分钟上报一次", and the
 * answer showed it; a sentence marked "not found" still showed its words. Each sentence's
 * citations pass the quote gate as before; a left-out sentence takes its citations with it and
 * stays in `unsupported` and `claims` (labelled), never in `text`.
 */
export async function supportedProse(text: string, options: SupportedProseOptions): Promise<SupportedProse> {
  const { evidence, docIds, pageChunks } = options;
  const units = answerUnits(text).map((unit) => {
    const gated = gateCitations(unit, evidence, docIds, pageChunks);
    const claim = proseOf(gated.text).replace(/\s+/g, " ").replace(/ ([.,;:!?。，；：！？])/g, "$1").trim();
    // The gate trims its text: the space that led into the sentence is kept for the join.
    return { gated, shown: `${/^\s*/.exec(unit)![0]}${gated.text}`, claim, words: /\p{L}/u.test(claim) };
  });
  // The chunks a sentence may rest on: the retrieved passages, and those of a cited page the gate read from the library.
  const chunks = new Map<string, EvidenceChunk>(evidence.map((e) => [e.chunk_id, { chunk_id: e.chunk_id, page: e.page, text: e.text }]));
  for (const citation of units.flatMap((u) => u.gated.citations)) {
    if (chunks.has(citation.chunk_id) || !pageChunks) continue;
    const owner = citation.doc_id ?? docIds[0];
    const found = owner ? pageChunks(owner, citation.page).find((c) => c.chunk_id === citation.chunk_id) : undefined;
    if (found) chunks.set(found.chunk_id, { chunk_id: found.chunk_id, page: found.page, text: found.text });
  }
  const citedOf = (citations: Citation[]) => {
    const pages = new Set(citations.map((c) => `${c.doc_id ?? ""}\u0000${c.page}`));
    const onPage = evidence.filter((e) => pages.has(`${docIds.length > 1 ? e.doc_id : ""}\u0000${e.page}`)).map((e) => e.chunk_id);
    return [...new Set([...onPage, ...citations.map((c) => c.chunk_id)])];
  };
  const worded = units.map((unit, index) => ({ unit, id: `s${index + 1}` })).filter(({ unit }) => unit.words);
  const verdicts = await checkClaims(
    worded.map(({ unit, id }) => ({ id, claim: unit.claim, cited: citedOf(unit.gated.citations) })),
    [...chunks.values()],
    { ...(options.judge ? { judge: options.judge } : {}), ...(options.signal ? { signal: options.signal } : {}) },
  );
  const claims: PaperClaimVerdict[] = [];
  const supported = new Set<string>();
  for (const [i, { unit, id }] of worded.entries()) {
    const verdict = verdicts[i]!;
    const cited = new Set(citedOf(unit.gated.citations));
    const passages = [...chunks.values()].filter((c) => cited.size === 0 || cited.has(c.chunk_id)).map((c) => c.text).join("\n");
    const missing = missingNumbers(unit.claim, passages);
    const label = verdict.label === "supported" && missing.length === 0 ? "supported" : "unsupported";
    const reason = verdict.label === "supported" && missing.length > 0 ? `anchor_missing: ${missing.join(", ")}` : verdict.reason;
    claims.push({ id, claim: unit.claim, label, evidence: verdict.evidence, reason });
    if (label === "supported") supported.add(id);
  }
  const kept = units.filter((unit, index) => (unit.words ? supported.has(`s${index + 1}`) : unit.gated.citations.length > 0));
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const citation of kept.flatMap((u) => u.gated.citations)) {
    const key = `${citation.chunk_id}\u0000${citation.quote ?? ""}`;
    if (!seen.has(key)) citations.push(citation);
    seen.add(key);
  }
  return {
    // Each sentence holds the spaces that led into it, so the kept ones join as written.
    text: withoutMarks(kept.map((u) => u.shown).join(""))
      .replace(/[ \t]+([，。,.;；])/g, "$1")
      .replace(/[ \t]{2,}/g, " ")
      .trim(),
    citations,
    refused: units.flatMap((u) => u.gated.refused),
    unsupported: claims.filter((c) => c.label === "unsupported").map((c) => c.claim),
    ownWords: kept.some((u) => u.words),
    claims,
  };
}
