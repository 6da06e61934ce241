import { quoteAppears } from "../../../../shared/text/findQuote.js";
import type { GatedCitations } from "./quoteGate.js";
import type { EvidenceSentence } from "./relevantSentences.js";

/** Where the quote the answer shows is cut (a sentence is kept whole up to this). */
const QUOTE_CHARS = 300;

/**
 * The answer when the model's reply has no supported citation but the relevance gate found a
 * sentence that holds the question: that sentence, quoted by code with its page. Its quote is on
 * its chunk by construction (the gate split it from that chunk), and its page is the chunk's, so
 * it passes the quote gate whatever a small model would have copied. Null when no sentence is
 * there or (never expected) the quote is not found in its chunk.
 */
export function extractiveAnswer(locale: "zh" | "en", sentences: readonly EvidenceSentence[], docIds: readonly string[]): GatedCitations | null {
  const best = sentences[0];
  if (!best) return null;
  const quote = best.text.length > QUOTE_CHARS ? best.text.slice(0, QUOTE_CHARS) : best.text;
  if (!quoteAppears(best.chunk.text, quote)) return null;
  const several = docIds.length > 1;
  const tag = `[${several ? `P${docIds.indexOf(best.chunk.doc_id) + 1} ` : ""}p.${best.page}]`;
  const text = locale === "zh" ? `论文原文：「${quote}」${tag}` : `The paper states: “${quote}” ${tag}`;
  return {
    text,
    citations: [
      {
        page: best.page,
        chunk_id: best.chunk.chunk_id,
        quote,
        ...(several ? { doc_id: best.chunk.doc_id } : {}),
        ...(best.chunk.ocr ? { ocr: true, ...(best.chunk.ocr_confidence !== undefined ? { ocr_confidence: best.chunk.ocr_confidence } : {}) } : {}),
      },
    ],
    refused: [],
    unsupported: [],
  };
}
