import {
  AlignmentType,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  InsertedTextRun,
  type ICommentOptions,
  Document,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import type { PhrasingContent, Root, RootContent, Text } from "mdast";
import { toString } from "mdast-util-to-string";
import { parseMarkdown, squareTables } from "./cleanTables.js";
import { numberHeadings, TEMPLATES, type ExportTemplate, type FontSpec } from "./exportTemplates.js";
import { withReferenceDocx, withFontFallbacks } from "./referenceDocx.js";
import { revisionMarks, type MarkedPiece } from "./revisionMarks.js";
import { trackedChangeList, type Replacement } from "./trackedChangeList.js";

export const REVISION_AUTHOR = "Scriptorium";

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const MM_TO_TWIPS = 1440 / 25.4;

export interface DocxOptions {
  /** Page, fonts and heading numbers (default: `default`). */
  template?: ExportTemplate;
  /** A user's reference document: its styles and page setup replace the template's (as pandoc's --reference-doc). */
  referenceDocx?: Buffer;
  /**
   * Render the markdown as the revision of `original`: every difference is a tracked change
   * (w:ins / w:del by Scriptorium) on top of the normally rendered document, and each change a
   * replacement explains carries a comment with its rule and reason.
   */
  revisions?: { original: string; replacements: readonly Replacement[]; date?: Date; locale?: "zh" | "en" };
}

/** The revision state of one render: the marks per text node, revision ids, and comments made so far. */
interface Tracking {
  marks: Map<Text, MarkedPiece[]>;
  replacementOf: (change: number) => Replacement | null;
  date: string;
  nextId: number;
  comments: ICommentOptions[];
  commented: Set<number>;
  zh: boolean;
}

// Set while one document is built (synchronously, before packing), so the inline writer can mark revisions.
let tracking: Tracking | null = null;

const font = (f: FontSpec) => ({ ascii: f.latin, eastAsia: f.eastAsia, hAnsi: f.latin });

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  code?: boolean;
}

/**
 * A Word document from markdown: headings, paragraphs, emphasis, code, lists, quotes and tables,
 * laid out by a template (page, fonts, official-document heading numbers) or a user's reference
 * document. The text carries no direct fonts, so the styles decide how it looks.
 */
export async function markdownToDocx(markdown: string, title: string, options: DocxOptions = {}): Promise<Buffer> {
  const template = options.template ?? TEMPLATES.default;
  const tree = squareTables(parseMarkdown(markdown));
  if (template.numberedHeadings && !options.referenceDocx) numberHeadings(tree);
  const { page } = template;
  // Marked before the notes leave the body: a changed note is tracked inside the Word footnote.
  tracking = options.revisions ? trackingOf(tree, markdown, options.revisions) : null;
  let children: Array<Paragraph | Table>;
  let comments: ICommentOptions[];
  let footnotes: Record<number, { children: Paragraph[] }>;
  try {
    footnotes = collectFootnotes(tree);
    children = blocks(tree, template.id === "gb-t-9704");
    comments = tracking?.comments ?? [];
  } finally {
    tracking = null;
  }
  const document = new Document({
    footnotes,
    ...(comments.length > 0 ? { comments: { children: comments } } : {}),
    title,
    creator: "Scriptorium",
    styles: docxStyles(template),
    numbering: {
      config: [
        {
          reference: "ordered",
          levels: [0, 1, 2].map((level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.START })),
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: Math.round(page.widthMm * MM_TO_TWIPS), height: Math.round(page.heightMm * MM_TO_TWIPS) },
            margin: { top: twips(page.top), bottom: twips(page.bottom), left: twips(page.left), right: twips(page.right) },
          },
        },
        children,
      },
    ],
  });
  const buffer = await Packer.toBuffer(document);
  return options.referenceDocx ? withReferenceDocx(buffer, options.referenceDocx) : withFontFallbacks(buffer, template);
}

const twips = (mm: number) => Math.round(mm * MM_TO_TWIPS);

function trackingOf(tree: Root, revised: string, revisions: NonNullable<DocxOptions["revisions"]>): Tracking {
  const list = trackedChangeList(revisions.original, revised, revisions.replacements);
  const zh = (revisions.locale ?? (/[\u4e00-\u9fff]/.test(revised + revisions.original) ? "zh" : "en")) === "zh";
  return {
    marks: revisionMarks(tree, revised, list),
    replacementOf: (change) => list.changes[change]?.replacement ?? null,
    date: (revisions.date ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z"),
    nextId: 1,
    comments: [],
    commented: new Set(),
    zh,
  };
}

/** The runs of a text node with its revisions; a change's first piece carries its rule comment. */
function markedRuns(pieces: readonly MarkedPiece[], style: RunStyle, t: Tracking): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const piece of pieces) {
    const options = { text: piece.text, bold: style.bold, italics: style.italics };
    const revision = { id: t.nextId++, author: REVISION_AUTHOR, date: t.date };
    const run = piece.kind === "same" ? new TextRun(options) : piece.kind === "inserted" ? new InsertedTextRun({ ...options, ...revision }) : new DeletedTextRun({ ...options, ...revision });
    const replacement = piece.change === undefined ? null : t.replacementOf(piece.change);
    if (!replacement || t.commented.has(piece.change!)) {
      out.push(run);
      continue;
    }
    t.commented.add(piece.change!);
    const id = t.comments.length;
    const text = t.zh ? `规则 ${replacement.group}：${replacement.reason}` : `Rule ${replacement.group}: ${replacement.reason}`;
    t.comments.push({ id, author: REVISION_AUTHOR, initials: "SC", date: new Date(t.date), children: [new Paragraph({ children: [new TextRun(text)] })] });
    out.push(new CommentRangeStart(id), run, new CommentRangeEnd(id), new TextRun({ children: [new CommentReference(id)] }));
  }
  return out;
}

/** A paragraph whose every text is new: its paragraph mark is inserted too, so rejecting all removes it whole. */
function insertedMark(node: { children?: unknown[] }): { run: { insertion: { id: number; author: string; date: string } } } | Record<string, never> {
  const t = tracking;
  if (!t) return {};
  const texts: Text[] = [];
  const walk = (n: { type?: string; children?: unknown[] }) => {
    if (n.type === "text") texts.push(n as Text);
    for (const child of (n.children ?? []) as Array<typeof n>) walk(child);
  };
  walk(node);
  const allNew = texts.length > 0 && texts.every((text) => t.marks.get(text)?.every((p) => p.kind === "inserted"));
  return allNew ? { run: { insertion: { id: t.nextId++, author: REVISION_AUTHOR, date: t.date } } } : {};
}

/** The template as Word styles: Normal (body), Title, Heading 1-4; sizes are half-points. */
function docxStyles(template: ExportTemplate) {
  const { body, title, headings } = template;
  const line = body.lineSpacingPt ? { line: Math.round(body.lineSpacingPt * 20), lineRule: "exact" as const } : {};
  const heading = (level: number) => {
    const f = headings[Math.min(level, headings.length) - 1]!;
    return {
      id: `Heading${level}`,
      name: `Heading ${level}`,
      basedOn: "Normal",
      next: "Normal",
      quickFormat: true,
      run: { font: font(f), size: f.sizePt * 2, bold: f.bold ?? false, color: "000000" },
      paragraph: { spacing: { before: 120, after: 120, ...line }, keepNext: true, outlineLevel: level - 1 },
    };
  };
  return {
    default: { document: { run: { font: font(body), size: body.sizePt * 2 } } },
    paragraphStyles: [
      {
        id: "Normal",
        name: "Normal",
        run: { font: font(body), size: body.sizePt * 2 },
        paragraph: { spacing: { after: body.lineSpacingPt ? 0 : 120, ...line } },
      },
      {
        id: "Title",
        name: title.styleName,
        basedOn: "Normal",
        next: "Normal",
        quickFormat: true,
        run: { font: font(title), size: title.sizePt * 2, bold: title.bold ?? false, color: "000000" },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240, ...(body.lineSpacingPt ? { line: Math.round(title.sizePt * 1.6 * 20), lineRule: "exact" as const } : {}) } },
      },
      ...[1, 2, 3, 4, 5, 6].map(heading),
    ],
  };
}

/**
 * GFM footnotes (the citations withCitationNotes writes) as Word footnotes: each definition gets a
 * number, its references carry that number, and the definitions leave the body.
 */
function collectFootnotes(tree: Root): Record<number, { children: Paragraph[] }> {
  const ids = new Map<string, number>();
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  for (const node of tree.children) {
    if (node.type !== "footnoteDefinition") continue;
    const id = ids.size + 1;
    ids.set(node.identifier, id);
    footnotes[id] = { children: node.children.map((child) => new Paragraph({ children: child.type === "paragraph" ? runs(child.children, {}) : [new TextRun(toString(child))] })) };
  }
  const mark = (node: { type: string; identifier?: string; data?: Record<string, unknown>; children?: unknown[] }) => {
    if (node.type === "footnoteReference" && node.identifier !== undefined) node.data = { ...node.data, footnoteId: ids.get(node.identifier) };
    for (const child of (node.children ?? []) as Array<typeof node>) mark(child);
  };
  mark(tree as never);
  tree.children = tree.children.filter((node) => node.type !== "footnoteDefinition");
  return footnotes;
}

/** The first `#` is the document's title (the Title style) in the official layout; elsewhere it stays Heading 1. */
function blocks(tree: Root, titleStyle: boolean): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  let titled = false;
  for (const node of tree.children) {
    if (titleStyle && !titled && node.type === "heading" && node.depth === 1) {
      titled = true;
      out.push(new Paragraph({ heading: HeadingLevel.TITLE, children: runs(node.children, {}), ...insertedMark(node) }));
      continue;
    }
    out.push(...block(node, 0, titleStyle));
  }
  return out;
}

function block(node: RootContent, listLevel: number, indented = false): Array<Paragraph | Table> {
  switch (node.type) {
    case "heading":
      return [
        new Paragraph({
          heading: HEADINGS[node.depth - 1],
          children: runs(node.children, {}),
          ...insertedMark(node),
          ...(indented && node.depth > 1 ? { indent: { firstLine: 640 } } : {}),
        }),
      ];
    case "paragraph":
      // Official documents indent each paragraph by two characters (3号: 2 × 16 pt = 640 twips).
      return [new Paragraph({ children: runs(node.children, {}), ...insertedMark(node), ...(indented ? { indent: { firstLine: 640 } } : {}) })];
    case "blockquote":
      return node.children.flatMap((child) => block(child, listLevel, indented));
    case "code":
      return node.value.split("\n").map((line) => new Paragraph({ children: [new TextRun({ text: line, font: "Consolas", size: 20 })] }));
    case "list":
      return node.children.flatMap((item) =>
        item.children.flatMap((child, index) => {
          if (child.type === "list") return block(child, listLevel + 1);
          if (child.type !== "paragraph") return block(child, listLevel);
          const options = node.ordered
            ? { numbering: { reference: "ordered", level: Math.min(listLevel, 2) } }
            : { bullet: { level: Math.min(listLevel, 2) } };
          return index === 0
            ? [new Paragraph({ ...options, children: runs(child.children, {}), ...insertedMark(child) })]
            : [new Paragraph({ children: runs(child.children, {}), ...insertedMark(child) })];
        }),
      );
    case "table":
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: node.children.map(
            (row, rowIndex) =>
              new TableRow({
                tableHeader: rowIndex === 0,
                children: row.children.map(
                  (cell) => new TableCell({ children: [new Paragraph({ children: runs(cell.children, { bold: rowIndex === 0 }) })] }),
                ),
              }),
          ),
        }),
      ];
    case "thematicBreak":
      return [new Paragraph({ children: [], border: { bottom: { style: "single", size: 6, color: "999999", space: 1 } } })];
    case "html":
      // Raw HTML is never rendered; its text is kept so nothing the writer typed is lost.
      return [new Paragraph({ children: [new TextRun(node.value)] })];
    default:
      return "children" in node || "value" in node ? [new Paragraph({ children: [new TextRun(toString(node))] })] : [];
  }
}

function runs(nodes: PhrasingContent[], style: RunStyle): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case "text": {
        const pieces = tracking?.marks.get(node);
        if (pieces && tracking) return markedRuns(pieces, style, tracking);
        return [new TextRun({ text: node.value, bold: style.bold, italics: style.italics })];
      }
      case "strong":
        return runs(node.children, { ...style, bold: true });
      case "emphasis":
        return runs(node.children, { ...style, italics: true });
      case "delete":
        return runs(node.children, style);
      case "inlineCode":
        return [new TextRun({ text: node.value, font: "Consolas" })];
      case "break":
        return [new TextRun({ break: 1 })];
      case "link":
        // A bare URL (GFM autolink) is its own text: it is not repeated.
        if (toString(node) === node.url) return runs(node.children, style);
        return [...runs(node.children, style), new TextRun({ text: ` (${node.url})`, color: "555555" })];
      case "footnoteReference": {
        const id = (node.data as { footnoteId?: number } | undefined)?.footnoteId;
        return id ? [new FootnoteReferenceRun(id)] : [new TextRun(`[^${node.identifier}]`)];
      }
      default:
        return [new TextRun({ text: toString(node), bold: style.bold, italics: style.italics })];
    }
  });
}
