import { distinct4 } from "./textQuality.js";

/** Characters of the reply's end that are measured (about two lines of a loop's period, several times over). */
const TAIL_CHARS = 1000;
/** Below this share of distinct character 4-grams the tail repeats itself: prose measures ~0.9, a loop ~0.2. */
const MIN_DISTINCT_4 = 0.4;

/**
 * True when the end of a reply is a loop: a weak model (the real tier's Gemma 3 270M base) can
 * repeat one line to maxTokens, which the sampler's repeat penalty (64 tokens) does not reach when
 * the line is longer. Continuing such a reply only adds more of the loop, so the continuation
 * loop stops there (and the section is marked as still cut). Measured on characters, so Chinese
 * and English alike.
 */
export function isLooping(text: string): boolean {
  const chars = [...text.replace(/\s+/g, " ").trim()].slice(-TAIL_CHARS);
  if (chars.length < TAIL_CHARS / 2) return false;
  return distinct4(chars.join("")) < MIN_DISTINCT_4;
}
