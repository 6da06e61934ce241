/** The tags reasoning models wrap their thoughts in when a server sends them inline (Qwen3, DeepSeek-R1, QwQ). */
const OPEN = "<think>";
const CLOSE = "</think>";

/** What one piece of streamed text holds once thoughts are taken out. */
export interface SplitPiece {
  answer: string;
  thought: string;
  /**
   * The answer given so far was a thought after all: a bare `</think>` arrived before any
   * `<think>` (DeepSeek-R1's template opens the thought in the prompt, so the server sends only
   * its end). The caller drops the answer it kept; streamed chunks cannot be taken back.
   */
  retract?: boolean;
}

/**
 * Separates inline `<think>…</think>` thoughts from the answer in a stream whose chunks may cut a
 * tag anywhere (`<thi` + `nk>`). Only text that could still be the start of a tag is held back
 * until the next chunk decides it, so an answer without tags streams as it comes.
 */
export class ThinkSplitter {
  private inThought = false;
  private pending = "";
  private thoughtSeen = false;
  /** Answer given out so far, in case a bare `</think>` turns it into a thought. */
  private answerSoFar = "";
  /** Blank lines right after a closed thought belong to the tag, not to the answer. */
  private trimLead = false;

  /** Feed one streamed chunk; returns what is known to be answer and thought so far. */
  push(chunk: string): SplitPiece {
    let text = this.pending + chunk;
    this.pending = "";
    let answer = "";
    let thought = "";
    let retract = false;
    while (text) {
      if (this.inThought) {
        const at = text.indexOf(CLOSE);
        if (at >= 0) {
          thought += text.slice(0, at);
          this.inThought = false;
          this.trimLead = true;
          text = text.slice(at + CLOSE.length);
          continue;
        }
      } else {
        const open = text.indexOf(OPEN);
        const close = this.thoughtSeen ? -1 : text.indexOf(CLOSE);
        if (close >= 0 && (open < 0 || close < open)) {
          thought += this.answerSoFar + answer + text.slice(0, close);
          retract = this.answerSoFar !== "";
          this.answerSoFar = "";
          answer = "";
          this.thoughtSeen = true;
          this.trimLead = true;
          text = text.slice(close + CLOSE.length);
          continue;
        }
        if (open >= 0) {
          answer += this.lead(text.slice(0, open));
          this.inThought = true;
          this.thoughtSeen = true;
          text = text.slice(open + OPEN.length);
          continue;
        }
      }
      const keep = partialTagLength(text, this.inThought || this.thoughtSeen ? [this.inThought ? CLOSE : OPEN] : [OPEN, CLOSE]);
      const settled = text.slice(0, text.length - keep);
      this.pending = text.slice(text.length - keep);
      if (this.inThought) thought += settled;
      else answer += this.lead(settled);
      text = "";
    }
    this.answerSoFar += answer;
    return retract ? { answer, thought, retract } : { answer, thought };
  }

  /** End of stream: what was held back is released (an unclosed thought stays a thought). */
  flush(): SplitPiece {
    const rest = this.pending;
    this.pending = "";
    if (this.inThought) return { answer: "", thought: rest };
    const answer = this.lead(rest);
    this.answerSoFar += answer;
    return { answer, thought: "" };
  }

  private lead(text: string): string {
    if (!this.trimLead) return text;
    const trimmed = text.replace(/^\s+/, "");
    if (trimmed !== "") this.trimLead = false;
    return trimmed;
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of one of `tags`. */
function partialTagLength(text: string, tags: readonly string[]): number {
  let best = 0;
  for (const tag of tags) {
    for (let length = Math.min(tag.length - 1, text.length); length > best; length--) {
      if (text.endsWith(tag.slice(0, length))) {
        best = length;
        break;
      }
    }
  }
  return best;
}

/** Thoughts and answer of a whole (non-streamed) reply. */
export function splitThoughts(text: string): { answer: string; thought: string } {
  const splitter = new ThinkSplitter();
  const first = splitter.push(text);
  const last = splitter.flush();
  return { answer: first.answer + last.answer, thought: first.thought + last.thought };
}
