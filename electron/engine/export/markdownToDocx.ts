import {
  AlignmentType,
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
import type { PhrasingContent, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { parseMarkdown, squareTables } from "./cleanTables.js";

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const FONT = { ascii: "Calibri", eastAsia: "Microsoft YaHei", hAnsi: "Calibri" };

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  code?: boolean;
}

/** A Word document from markdown: headings, paragraphs, emphasis, code, lists, quotes and tables. */
export async function markdownToDocx(markdown: string, title: string): Promise<Buffer> {
  const tree = squareTables(parseMarkdown(markdown));
  const footnotes = collectFootnotes(tree);
  const document = new Document({
    footnotes,
    title,
    creator: "Scriptorium",
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: "ordered",
          levels: [0, 1, 2].map((level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.START })),
        },
      ],
    },
    sections: [{ children: blocks(tree) }],
  });
  return Packer.toBuffer(document);
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

function blocks(tree: Root): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  for (const node of tree.children) out.push(...block(node, 0));
  return out;
}

function block(node: RootContent, listLevel: number): Array<Paragraph | Table> {
  switch (node.type) {
    case "heading":
      return [new Paragraph({ heading: HEADINGS[node.depth - 1], children: runs(node.children, {}) })];
    case "paragraph":
      return [new Paragraph({ children: runs(node.children, {}), spacing: { after: 120 } })];
    case "blockquote":
      return node.children.flatMap((child) => block(child, listLevel)).map((p) =>
        p instanceof Paragraph ? p : p,
      );
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
          return index === 0 ? [new Paragraph({ ...options, children: runs(child.children, {}) })] : [new Paragraph({ children: runs(child.children, {}) })];
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
      case "text":
        return [new TextRun({ text: node.value, bold: style.bold, italics: style.italics })];
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
