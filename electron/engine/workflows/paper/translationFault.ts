import { splitSentences } from "../common/claimText.js";
import { instructionEchoChecker } from "../common/instructionEcho.js";
import { repeatsItself } from "../common/withoutRepeats.js";
import { distinct4 } from "../../llm/textQuality.js";

/** Why a paragraph's translation may not be shown. */
export type TranslationFaultReason = "empty" | "loop" | "language" | "echo" | "length" | "markers";

/** Share of the translation written in the target language below this: not a translation (the source copied, or another language). */
const TARGET_MIN_SHARE = 0.6;
/** A sentence this long or longer is measured for a loop inside it (prose ~0.9 distinct 4-grams, a loop far less). */
const LOOP_MIN_CHARS = 40;
const LOOP_MIN_DISTINCT_4 = 0.5;
/**
 * Bounds on translation length / source length in characters, by target. English → Chinese runs
 * about 0.3–0.6 of the characters, Chinese → English about 2–4 times: far outside is a translation
 * cut short or one that went on writing.
 */
const LENGTH_RATIO = { zh: [0.15, 1.6], en: [0.6, 8] } as const;
/** Below this many characters the ratio says nothing (a heading, "Table 2"). */
const LENGTH_MIN_SOURCE = 40;

/** Han characters, and Latin words counted as two characters each (a Chinese word is about two): what share is in `target`. */
export function targetShare(text: string, target: "zh" | "en", source: string): number {
  // Names and terms kept in Latin script inside a Chinese translation (SparseRoute, DocBench) are the
  // source's own words: they count for neither side.
  const kept = new Set((source.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []).filter((w) => /[A-Z0-9]/.test(w)).map((w) => w.toLowerCase()));
  const han = [...text].filter((c) => /\p{Script=Han}/u.test(c)).length;
  const words = (text.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).filter((w) => target === "en" || !kept.has(w.toLowerCase())).length;
  const total = han + 2 * words;
  if (total === 0) return 0;
  return target === "zh" ? han / total : (2 * words) / total;
}

/**
 * The first reason a paragraph's translation may not be shown, or null when it may. A weak model
 * given a paragraph to translate often copies it, continues it in its own language, loops, writes
 * the instructions back, or stops after a few words; each is caught here before the paragraph is
 * streamed. `missing` is what of the source's numbers and markers the translation lost.
 */
export function translationFault(input: { source: string; translation: string; target: "zh" | "en"; system: string; missing: readonly string[] }): TranslationFaultReason | null {
  const text = input.translation.trim();
  if (!/\p{L}/u.test(text)) return "empty";
  if (repeatsItself(text)) return "loop";
  const sentences = splitSentences(text);
  if (sentences.some((s) => [...s].length >= LOOP_MIN_CHARS && distinct4(s) < LOOP_MIN_DISTINCT_4)) return "loop";
  if (targetShare(text, input.target, input.source) < TARGET_MIN_SHARE) return "language";
  const echo = instructionEchoChecker(input.system, input.source);
  if (sentences.some(echo)) return "echo";
  if (input.source.length >= LENGTH_MIN_SOURCE) {
    const ratio = text.length / input.source.length;
    const [low, high] = LENGTH_RATIO[input.target];
    if (ratio < low || ratio > high) return "length";
  }
  if (input.missing.length > 0) return "markers";
  return null;
}
