/** One top-level block of a markdown document, rendered on its own. */
export interface MarkdownBlock {
  /**
   * Stable React key: the block's opening characters plus an occurrence number. A block that is
   * still growing keeps its key once it is longer than the prefix, and finished blocks keep
   * theirs when text is inserted before them (four sections stream in concurrently).
   */
  key: string;
  /** The block's markdown with the blank lines that follow it (never the ones before it). */
  markdown: string;
}

const KEY_PREFIX_CHARS = 48;
const BLANK = /^[ \t\r]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
/**
 * Not cut at all: link reference or footnote definitions (referenced across blocks), and raw HTML
 * lines (HTML blocks end by rules of their own and hide fences; raw HTML is skipped anyway, so a
 * draft holding some is rare and only loses the speed-up, never correctness).
 */
const UNCUTTABLE = /^ {0,3}(?:\[[^\]\n]+\]:|<)/m;

/**
 * Cuts markdown into top-level blocks at blank lines so that each block parses to exactly what it
 * parses to inside the whole document. Cutting is the risky direction, joining never is (a joined
 * run is just the original text), so anything that can span a blank line stays joined: fenced
 * code, loose lists, and indented continuations (list paragraphs, indented code). Drafts with
 * reference or footnote definitions or raw HTML lines are not cut at all.
 */
export function splitMarkdownBlocks(markdown: string): MarkdownBlock[] {
  const texts = UNCUTTABLE.test(markdown) ? [markdown].filter((m) => /\S/.test(m)) : cutBlocks(markdown);
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const prefix = text.trimEnd().slice(0, KEY_PREFIX_CHARS);
    const n = seen.get(prefix) ?? 0;
    seen.set(prefix, n + 1);
    return { key: `${n}:${prefix}`, markdown: text };
  });
}

function cutBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  // Blank lines after a block stay with it: micromark's result for a block can depend on whether
  // the text ends right after it (a lazy `</script>` line, for one).
  let blanks: string[] = [];
  let fence: string | null = null;

  const flush = () => {
    if (current.length > 0) blocks.push([...current, ...blanks].join("\n"));
    current = [];
    blanks = [];
  };

  for (const line of markdown.split("\n")) {
    const open = fence !== null;
    if (!open && BLANK.test(line)) {
      if (current.length > 0) blanks.push(line);
      continue;
    }
    if (!open && blanks.length > 0) {
      // A new block starts here unless it may continue the one before: an indented line (list
      // paragraph, indented code) or a list item (a loose list; also micromark reads `2.` after
      // indented code as paragraph text, which only the whole context reproduces).
      const continues = /^[ \t]/.test(line) || LIST_ITEM.test(line);
      if (continues) current.push(...blanks);
      else flush();
    }
    blanks = [];
    current.push(line);
    if (fence !== null) {
      const close = FENCE.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length && BLANK.test(line.slice(close[0].length))) fence = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      // A backtick fence whose info string holds a backtick is not a fence (CommonMark 4.5).
      if (!(opening[1][0] === "`" && line.slice(opening[0].length).includes("`"))) fence = opening[1];
      continue;
    }
  }
  flush();
  return blocks;
}
