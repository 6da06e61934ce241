import { distinct4 } from "../../llm/textQuality.js";

/** A repeated line or sentence shorter than this (normalised characters) is ordinary style, e.g. "Yes." or a list marker. */
const MIN_REPEAT_CHARS = 12;
/** A segment at least this long whose character 4-grams are mostly the same is a loop inside one sentence ("own own own …"). */
const MIN_LOOP_CHARS = 40;
/** Below this share of distinct 4-grams a segment repeats itself: prose measures ~0.9, a loop ~0.2 (as llm/isLooping). */
const MIN_DISTINCT_4 = 0.4;

/** What {@link withoutRepeats} kept and how many lines or sentences it removed. */
export interface RepeatCut {
  text: string;
  /** Lines, sentences or looping segments taken out; 0 when the text never repeated itself. */
  removed: number;
}

/**
 * The identity of a sentence for repeat detection: citations, punctuation, spacing and case do not
 * make a repeated paragraph new (a weak model repeats one paragraph with a different `[p.N]`).
 */
export function repeatKey(text: string): string {
  return text
    .replace(/\[[^\]]{0,60}\]/g, "")
    .replace(/[\s\p{P}\p{S}]+/gu, "")
    .toLowerCase();
}

/** Sentences of a line, each with its end punctuation and what follows it up to the next words (e.g. its `[p.N]`). */
function sentencesOf(line: string): string[] {
  const sentences: string[] = [];
  for (const piece of line.split(/(?<=[。！？!?；])|(?<=[.;])(?=\s)/)) {
    if (sentences.length > 0 && repeatKey(piece) === "") sentences[sentences.length - 1] += piece;
    else if (piece !== "") sentences.push(piece);
  }
  return sentences;
}

/**
 * A model reply with every repeat taken out: a line or sentence said before (by {@link repeatKey})
 * and a segment that loops on itself are removed, so no repeated paragraph reaches the screen, the
 * state or a document. `removed` > 0 means the reply looped; a guard then retries or abstains.
 * `stoppedInLoop`: the reply was stopped inside a loop, so a last fragment that starts a sentence
 * said before is the loop's next turn and goes too.
 */
export function withoutRepeats(text: string, { stoppedInLoop = false } = {}): RepeatCut {
  const seen = new Set<string>();
  let removed = 0;
  const lines: string[] = [];
  const all = text.split("\n");
  all.forEach((line, lineIndex) => {
    const kept: string[] = [];
    const sentences = sentencesOf(line);
    sentences.forEach((sentence, index) => {
      const key = repeatKey(sentence);
      const looping = [...key].length >= MIN_LOOP_CHARS && distinct4(key) < MIN_DISTINCT_4;
      // A reply stopped inside a loop ends with the start of a sentence said before.
      const last = lineIndex === all.length - 1 && index === sentences.length - 1;
      const cutRepeat = stoppedInLoop && last && key.length >= 4 && [...seen].some((s) => s.startsWith(key));
      if (looping || cutRepeat || (key.length >= MIN_REPEAT_CHARS && seen.has(key))) {
        removed++;
        return;
      }
      if (key.length >= MIN_REPEAT_CHARS) seen.add(key);
      kept.push(sentence);
    });
    // A line that was only repeats goes, blank lines between paragraphs stay.
    if (kept.length > 0 || line.trim() === "") lines.push(kept.join("").trimEnd());
  });
  const joined = lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
  return { text: joined, removed };
}

/** True once a reply being streamed has started to repeat itself (checked as it grows, to stop a loop early). */
export function repeatsItself(text: string): boolean {
  return withoutRepeats(text).removed > 0;
}
