import type { Heading, Node, Parent, Root, RootContent } from "mdast";
import { visit } from "unist-util-visit";

/** One unit of prose: a code point of text, an inline-code span, something opaque, or a line break. */
export interface Cell {
  /** The character for text cells; CODE, OPAQUE or "\n" otherwise. */
  ch: string;
  kind: "text" | "code" | "opaque" | "newline";
  /** Source range this cell covers. */
  start: number;
  end: number;
  /** Where a space inserted before this cell goes: outside any opening markup (`[`, `**`, `<a>`). */
  before: number;
  /** Where a space inserted after this cell goes: outside any closing markup (`](url)`, `**`, `</a>`). */
  after: number;
}

export const CODE = "\uE000";
export const OPAQUE = "\uFFFC";

/** A paragraph, heading or table cell flattened to cells; markup delimiters are transparent. */
export interface ProseBlock {
  kind: "paragraph" | "heading" | "tableCell";
  node: Parent;
  depth?: number;
  cells: Cell[];
  /** Cell ranges [first, last] of link texts: no space just inside the brackets (rule 2.10). */
  linkTexts: Array<[number, number]>;
}

type Event = { type: "cell"; cell: Omit<Cell, "before" | "after"> } | { type: "marker"; side: "open" | "close"; start: number; end: number };

const VOID_HTML = /^<(?:br|hr|img|input|wbr|meta|link|source)\b/i;

function range(node: Node): [number, number] | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : [start, end];
}

/** Flatten every lintable block of the document; `mask` marks protected offsets (see protectedMask). */
export function proseBlocks(text: string, tree: Root, mask: Uint8Array): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  visit(tree, (node: Node, _index, parent) => {
    if (node.type !== "paragraph" && node.type !== "heading" && node.type !== "tableCell") return;
    // A directive label (`:::tip 标题`) is syntax, not prose.
    if ((node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) return;
    if ((parent as Node | undefined)?.type === "leafDirective") return;
    const events: Event[] = [];
    const linkTexts: Array<[number, number]> = [];
    flattenChildren(text, node as Parent, mask, events, linkTexts);
    const kind = node.type as ProseBlock["kind"];
    const cells = resolveCells(events, linkTexts);
    blocks.push({ kind, node: node as Parent, cells, linkTexts, ...(kind === "heading" ? { depth: (node as Heading).depth } : {}) });
    return "skip";
  });
  return blocks;
}

function flattenChildren(text: string, parent: Parent, mask: Uint8Array, events: Event[], linkTexts: Array<[number, number]>): void {
  for (const child of parent.children as RootContent[]) {
    const r = range(child);
    if (!r) continue;
    const [start, end] = r;
    switch (child.type) {
      case "text":
        pushText(text, start, end, mask, events);
        break;
      case "inlineCode":
        events.push({ type: "cell", cell: { ch: CODE, kind: "code", start, end } });
        break;
      case "break":
        events.push({ type: "cell", cell: { ch: "\n", kind: "newline", start, end } });
        break;
      case "html": {
        const raw = text.slice(start, end);
        if (/^<\/[A-Za-z]/.test(raw)) events.push({ type: "marker", side: "close", start, end });
        else if (/^<[A-Za-z]/.test(raw) && !VOID_HTML.test(raw) && !raw.endsWith("/>")) events.push({ type: "marker", side: "open", start, end });
        else events.push({ type: "cell", cell: { ch: OPAQUE, kind: "opaque", start, end } });
        break;
      }
      case "emphasis":
      case "strong":
      case "delete":
      case "link":
      case "linkReference": {
        const kids = child.children as RootContent[];
        const first = kids[0] ? range(kids[0]) : undefined;
        const last = kids[kids.length - 1] ? range(kids[kids.length - 1] as Node) : undefined;
        if (!first || !last || isAutolink(text, child, start, end)) {
          events.push({ type: "cell", cell: { ch: OPAQUE, kind: "opaque", start, end } });
          break;
        }
        events.push({ type: "marker", side: "open", start, end: first[0] });
        const firstEvent = events.length;
        flattenChildren(text, child, mask, events, linkTexts);
        if (child.type === "link" || child.type === "linkReference") linkTexts.push([firstEvent, events.length - 1]);
        events.push({ type: "marker", side: "close", start: last[1], end });
        break;
      }
      default:
        events.push({ type: "cell", cell: { ch: OPAQUE, kind: "opaque", start, end } });
    }
  }
}

function isAutolink(text: string, node: RootContent, start: number, end: number): boolean {
  if (node.type !== "link") return false;
  const raw = text.slice(start, end);
  return raw.startsWith("<") || !raw.startsWith("[");
}

function pushText(text: string, start: number, end: number, mask: Uint8Array, events: Event[]): void {
  let i = start;
  while (i < end) {
    const code = text.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(code);
    if (mask[i]) {
      let j = i + 1;
      while (j < end && mask[j]) j++;
      events.push({ type: "cell", cell: { ch: OPAQUE, kind: "opaque", start: i, end: j } });
      i = j;
      continue;
    }
    if (ch === "\n" || ch === "\r") {
      // A soft line break plus the container prefix (`> `, list indentation) of the next line.
      let j = i;
      while (j < end && (text[j] === "\r" || text[j] === "\n")) j++;
      while (j < end && (text[j] === " " || text[j] === "\t" || text[j] === ">")) j++;
      events.push({ type: "cell", cell: { ch: "\n", kind: "newline", start: i, end: j } });
      i = j;
      continue;
    }
    events.push({ type: "cell", cell: { ch, kind: "text", start: i, end: i + ch.length } });
    i += ch.length;
  }
}

/** Turn events into cells, placing insertion points outside markup; linkTexts are rewritten to cell indices. */
function resolveCells(events: Event[], linkTexts: Array<[number, number]>): Cell[] {
  const cells: Cell[] = [];
  const cellIndexOfEvent: number[] = [];
  let gapStart: number | undefined;
  let lastClose: number | undefined;
  for (const event of events) {
    if (event.type === "marker") {
      if (gapStart === undefined) gapStart = event.start;
      if (event.side === "close") lastClose = event.end;
      cellIndexOfEvent.push(cells.length);
      continue;
    }
    const c = event.cell;
    const before = lastClose ?? (gapStart !== undefined && cells.length > 0 ? gapStart : c.start);
    const prev = cells[cells.length - 1];
    if (prev) prev.after = before;
    cellIndexOfEvent.push(cells.length);
    cells.push({ ...c, before, after: c.end });
    gapStart = undefined;
    lastClose = undefined;
  }
  const last = cells[cells.length - 1];
  if (last && lastClose !== undefined) last.after = lastClose;
  const rewritten: Array<[number, number]> = [];
  for (const [a, b] of linkTexts) {
    const first = cellIndexOfEvent[a] ?? cells.length;
    // b is the last event inside the link; the cell index after it, minus one, is the last cell.
    const lastCell = (cellIndexOfEvent[b + 1] ?? cells.length) - 1;
    if (first <= lastCell) rewritten.push([first, lastCell]);
  }
  linkTexts.splice(0, linkTexts.length, ...rewritten);
  return cells;
}
