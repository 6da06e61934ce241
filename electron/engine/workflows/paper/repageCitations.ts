import { quoteAppears } from "../../../../shared/text/findQuote.js";
import { bestSupport, CITATION, sentenceBefore } from "./quoteGate.js";
import type { EvidenceChunkState } from "./state.js";

export interface Repaged {
  /** The reply with each misplaced page tag moved to the page its sentence is on. */
  text: string;
  /** Each tag moved, as "p.1 → p.2". */
  moved: string[];
}

/**
 * A small model often cites the right sentence under the wrong page ("[p.1]" for a sentence on page
 * 2): the quote gate would keep it when the cited page holds a weaker match, or drop a true answer.
 * Before the gate, code decides the page: a tag with a quote goes to the page whose passage holds
 * the quote; a tag without one goes to the page of the evidence sentence that best supports the
 * cited answer sentence (the quote gate's own measure), when that page supports it strictly better
 * than the cited one. Tags naming several pages, or no page of the evidence, are left to the gate.
 */
export function repageCitations(text: string, evidence: readonly EvidenceChunkState[], docIds: readonly string[]): Repaged {
  const moved: string[] = [];
  let previousEnd = 0;
  const repaged = text.replace(CITATION, (whole: string, paperIndex: string | undefined, list: string, quote: string | undefined, offset: number) => {
    const sentence = sentenceBefore(text, offset, previousEnd);
    previousEnd = offset + whole.length;
    if (!/^\d+$/.test(list.trim())) return whole;
    const page = Number(list.trim());
    const docId = paperIndex ? docIds[Number(paperIndex) - 1] : docIds.length === 1 ? docIds[0] : undefined;
    if (docId === undefined) return whole;
    const chunks = evidence.filter((c) => c.doc_id === docId);
    const onPage = chunks.filter((c) => c.page === page);
    if (onPage.length === 0) return whole;
    let target = page;
    if (quote !== undefined) {
      if (!onPage.some((c) => quoteAppears(c.text, quote))) target = chunks.find((c) => quoteAppears(c.text, quote))?.page ?? page;
    } else {
      const best = bestSupport(sentence, chunks);
      const cited = bestSupport(sentence, onPage);
      if (best && best.chunk.page !== page && (!cited || best.score > cited.score)) target = best.chunk.page;
    }
    if (target === page) return whole;
    moved.push(`p.${page} → p.${target}`);
    return whole.replace(/p\.\s*\d+/, `p.${target}`);
  });
  return { text: repaged, moved };
}
