import { echoKey } from "./echoGuard.js";

/** A sentence with fewer words of its own than this (not in the material) is never called an echo. */
const MIN_OWN_TOKENS = 4;
/** Share of a sentence's own words that must come from the instructions for it to be an echo. */
const ECHO_SHARE = 0.7;

/** Words of Latin-script text and Han bigrams, as echoKey folds them: how instructions and sentences are compared. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of echoKey(text).split(" ")) {
    if (!word) continue;
    const han = [...word].filter((c) => /\p{Script=Han}/u.test(c));
    if (han.length === 0) out.push(word);
    else if (han.length === 1) out.push(han[0]!);
    else for (let i = 0; i + 1 < han.length; i++) out.push(han[i]! + han[i + 1]!);
  }
  return out;
}

/**
 * A checker for sentences that restate the prompt's instructions instead of doing the task. A weak
 * base model continues a plain-text prompt with more of it ("You are a careful deep reader of one
 * essay, working in three stages…", "Stage 4 — Synthesis. Write a 6–8 sentence synthesis…"): the
 * words are the instructions' own, reshuffled, so the exact-match echo guard misses them. A sentence
 * is an echo when most of its words that are not in the `grounding` (the material the model was
 * given: passages, earlier stages) come from the `instructions` — a sentence about the material
 * takes its words from the material.
 */
export function instructionEchoChecker(instructions: string, grounding: string): (sentence: string) => boolean {
  const told = new Set(tokens(instructions));
  const given = new Set(tokens(grounding));
  return (sentence) => {
    const own = tokens(sentence).filter((t) => !given.has(t));
    if (own.length < MIN_OWN_TOKENS) return false;
    return own.filter((t) => told.has(t)).length / own.length >= ECHO_SHARE;
  };
}
