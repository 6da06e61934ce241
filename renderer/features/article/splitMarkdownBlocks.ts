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
/** Link reference or footnote definitions are referenced across blocks: such a draft is one block. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
/** HTML blocks of CommonMark types 1–5 run across blank lines, up to their end marker. */
const HTML_BLOCKS: ReadonlyArray<{ start: RegExp; end: RegExp }> = [
  { start: /^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i },
  { start: /^ {0,3}<!--/, end: /-->/ },
  { start: /^ {0,3}<\?/, end: /\?>/ },
  { start: /^ {0,3}<![A-Za-z]/, end: />/ },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/ },
];

/**
 * Cuts markdown into top-level blocks at blank lines so that each block parses to exactly what it
 * parses to inside the whole document. Cutting is the risky direction, joining never is (a joined
 * run is just the original text), so anything that can span a blank line stays joined: fenced
 * code, HTML blocks of types 1–5, loose lists, and indented continuations (list paragraphs,
 * indented code). Drafts with reference or footnote definitions are not cut at all.
 */
export function splitMarkdownBlocks(markdown: string): MarkdownBlock[] {
  const texts = DEFINITION.test(markdown) ? [markdown].filter((m) => /\S/.test(m)) : cutBlocks(markdown);
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
  let htmlEnd: RegExp | null = null;

  const flush = () => {
    if (current.length > 0) blocks.push([...current, ...blanks].join("\n"));
    current = [];
    blanks = [];
  };

  for (const line of markdown.split("\n")) {
    const open = fence !== null || htmlEnd !== null;
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
    if (htmlEnd !== null) {
      if (htmlEnd.test(line)) htmlEnd = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      // A backtick fence whose info string holds a backtick is not a fence (CommonMark 4.5).
      if (!(opening[1][0] === "`" && line.slice(opening[0].length).includes("`"))) fence = opening[1];
      continue;
    }
    const html = HTML_BLOCKS.find((kind) => kind.start.test(line));
    if (html && !html.end.test(line.replace(html.start, ""))) htmlEnd = html.end;
  }
  flush();
  return blocks;
}
