import { distinct4, hanShare } from "../../llm/textQuality.js";
import { contentTokens, splitSentences } from "../common/claimText.js";
import { echoCanaries, isEcho } from "../common/echoGuard.js";
import { repeatsItself } from "../common/withoutRepeats.js";
import { CITATION, UNSUPPORTED_MARK } from "./quoteGate.js";

/** Why a sentence of the model's answer may not be shown. */
export type ProseFaultReason = "language" | "loop" | "echo" | "gibberish" | "ungrounded";

export interface ProseFault {
  /** The sentence as the model wrote it (citation tags removed). */
  sentence: string;
  reason: ProseFaultReason;
}

export interface ProseGuardOptions {
  /** The answer's language: every sentence must be written in it. */
  locale: "zh" | "en";
  /** What the prompt only showed (its example answer, its instructions): a sentence repeating one is an echo. */
  shown: readonly string[];
  /** The text the model was given to read and the question: an answer's words come from here. */
  grounding: string;
}

/** A sentence this long or longer is measured for a loop inside it (shorter ones have too few 4-grams). */
const LOOP_MIN_CHARS = 40;
/** Distinct character 4-grams below this share: the sentence repeats itself (prose ~0.9). */
const LOOP_MIN_DISTINCT_4 = 0.5;
/** Letters of the answer's script below this share: another language (Latin names in a Chinese answer stay well above it). */
const SCRIPT_MIN_SHARE = 0.5;
/** Symbols and stray marks above this share of the characters: not prose. */
const ODD_MAX_SHARE = 0.2;
/** Content words of the sentence found in the passages or the question, below this share: words from nowhere. */
const GROUNDED_MIN_SHARE = 0.4;
/** The prompt's own labels at a line start: the model went on writing the template (a new question, another example). */
const TEMPLATE_LABEL = /(^|\n)\s*(问题|回答|示例|论文句子|论文|此前的对话|选中文字|Question|Answer|Example|Sentences of the paper|Paper|Earlier in this conversation|Selected text)\s*[:：]/i;

/** The model's own words of an answer: citation tags (their quotes are the quote gate's) and the gate's marks removed. */
export function proseOf(answer: string): string {
  let text = answer.replace(CITATION, " ");
  for (const mark of Object.values(UNSUPPORTED_MARK)) text = text.split(mark.trim()).join(" ");
  return text;
}

function latinShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length === 0 ? 1 : letters.filter((c) => /\p{Script=Latin}/u.test(c)).length / letters.length;
}

function oddShare(text: string): number {
  const chars = [...text.replace(/\s+/g, "")];
  if (chars.length === 0) return 0;
  // Letters, digits and ordinary punctuation are prose; replacement characters, control and private-use
  // characters, and runs of symbols are what a tiny model emits when it has lost the thread.
  return chars.filter((c) => /[\uFFFD\p{Cc}\p{Co}\p{Cn}]|\p{S}/u.test(c) && !/[%+=<>~°±×÷$€£¥]/.test(c)).length / chars.length;
}

/**
 * The first sentence of a paper answer's own words that must not be shown, or null when every one
 * may be. The quote gate checks what a citation quotes, not what the model wrote around it: a tiny
 * model (SmolLM2 135M on a Chinese question) wrote garbage before a quote that passed the gate, and
 * the answer showed both. Each sentence must be in the answer's language, must not loop, must not
 * repeat the prompt's example, instructions or labels, must not be a question, must be prose (not symbols), and most of its
 * content words must come from the passages or the question (the prompt asks it to copy the sentence
 * that answers).
 */
export function answerProseFault(answer: string, options: ProseGuardOptions): ProseFault | null {
  const prose = proseOf(answer);
  if (TEMPLATE_LABEL.test(prose)) return { sentence: prose.match(TEMPLATE_LABEL)![0].trim(), reason: "echo" };
  const canaries = echoCanaries({ example: options.shown.flatMap((text) => [text, ...splitSentences(text)]) });
  const grounding = contentTokens(options.grounding);
  const flat = prose.replace(/\s+/g, " ").trim();
  if (flat.length >= LOOP_MIN_CHARS * 2 && repeatsItself(prose)) return { sentence: flat.slice(0, 80), reason: "loop" };
  for (const sentence of splitSentences(prose)) {
    if (!/\p{L}/u.test(sentence)) continue;
    const letters = [...sentence].filter((c) => /\p{L}/u.test(c)).length;
    const share = options.locale === "zh" ? hanShare(sentence) : latinShare(sentence);
    // One or two stray letters ("p", "a") say nothing about the language; a sentence of them does.
    if (letters >= 3 && share < SCRIPT_MIN_SHARE) return { sentence, reason: "language" };
    if ([...sentence].length >= LOOP_MIN_CHARS && distinct4(sentence) < LOOP_MIN_DISTINCT_4) return { sentence, reason: "loop" };
    // A question is no answer: the model restating the question (SmolLM2: "通运节点上报一次数据？") echoes it.
    if (isEcho(sentence, canaries, options.grounding) || /[?？]["”」』)）]*$/.test(sentence)) return { sentence, reason: "echo" };
    if (oddShare(sentence) > ODD_MAX_SHARE) return { sentence, reason: "gibberish" };
    const words = [...contentTokens(sentence)];
    if (words.length > 0 && words.filter((w) => grounding.has(w)).length / words.length < GROUNDED_MIN_SHARE) return { sentence, reason: "ungrounded" };
  }
  return null;
}
