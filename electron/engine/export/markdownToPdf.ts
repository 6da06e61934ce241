import PDFDocument from "pdfkit";
import type { List, PhrasingContent, Root, RootContent, Table } from "mdast";
import { toString } from "mdast-util-to-string";
import { parseMarkdown, squareTables } from "./cleanTables.js";
import { numberHeadings, TEMPLATES, type ExportTemplate } from "./exportTemplates.js";
import { cjkFonts, findCjkFont, type CjkFont } from "./findCjkFont.js";

const MM = 72 / 25.4;

export interface PdfOptions {
  template?: ExportTemplate;
  locale: "zh" | "en";
  /** The fonts to choose from (default: this machine's Chinese fonts). */
  fonts?: readonly CjkFont[];
}

interface Writer {
  doc: PDFKit.PDFDocument;
  template: ExportTemplate;
  footnotes: Map<string, number>;
  noteTexts: string[];
}

/**
 * A PDF from markdown through PDFKit: a Chinese TrueType font embedded as a subset (only the glyphs
 * used), so the text stays selectable and searchable; headings, paragraphs, lists, quotes, code,
 * tables, and GFM footnotes as numbered notes after the body (the citations withCitationNotes
 * writes), laid out by the template's page, sizes and heading numbers.
 */
export async function markdownToPdf(markdown: string, title: string, options: PdfOptions): Promise<Buffer> {
  const template = options.template ?? TEMPLATES.default;
  const fonts = options.fonts ?? cjkFonts();
  const body = findCjkFont("body", fonts);
  const heading = findCjkFont("title", fonts);
  const { page } = template;
  const doc = new PDFDocument({
    size: [page.widthMm * MM, page.heightMm * MM],
    margins: { top: page.top * MM, bottom: page.bottom * MM, left: page.left * MM, right: page.right * MM },
    info: { Title: title, Creator: "Scriptorium", Producer: "Scriptorium" },
    lang: options.locale === "zh" ? "zh-CN" : "en",
    displayTitle: true,
    pdfVersion: "1.7",
    bufferPages: true,
  });
  doc.registerFont("body", body.file, body.postscriptName);
  doc.registerFont("heading", heading.file, heading.postscriptName);
  doc.font("body").fontSize(template.body.sizePt);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const tree = squareTables(parseMarkdown(markdown));
  if (template.numberedHeadings) numberHeadings(tree);
  const writer: Writer = { doc, template, footnotes: new Map(), noteTexts: [] };
  const definitions = new Map<string, string>();
  for (const node of tree.children) if (node.type === "footnoteDefinition") definitions.set(node.identifier, toString(node));
  let titled = false;
  for (const node of tree.children) {
    if (node.type === "footnoteDefinition") continue;
    if (!titled && node.type === "heading" && node.depth === 1) {
      titled = true;
      doc.font("heading").fontSize(template.title.sizePt).text(inline(node.children, writer, definitions), { align: "center" });
      doc.moveDown(0.8).font("body").fontSize(template.body.sizePt);
      continue;
    }
    block(node, writer, definitions, 0);
  }
  if (writer.noteTexts.length > 0) {
    doc.moveDown(1);
    const x = doc.page.margins.left;
    doc.moveTo(x, doc.y).lineTo(x + 120, doc.y).lineWidth(0.5).stroke();
    doc.moveDown(0.4);
    doc.fontSize(Math.max(9, template.body.sizePt * 0.7));
    writer.noteTexts.forEach((text, i) => doc.text(`[${i + 1}] ${text}`, { lineGap: 2 }));
    doc.fontSize(template.body.sizePt);
  }
  doc.end();
  return done;
}

function lineGap(writer: Writer): number {
  const { body } = writer.template;
  return body.lineSpacingPt ? Math.max(0, body.lineSpacingPt - body.sizePt * 1.2) : 3;
}

function block(node: RootContent, writer: Writer, definitions: Map<string, string>, depth: number): void {
  const { doc, template } = writer;
  const indent = depth * 18;
  switch (node.type) {
    case "heading": {
      const spec = template.headings[Math.min(node.depth, 5) - 2] ?? template.headings[0]!;
      doc.moveDown(0.4).font("heading").fontSize(node.depth === 1 ? template.title.sizePt * 0.8 : spec.sizePt);
      doc.text(inline(node.children, writer, definitions), {
        indent: template.body.firstLineIndentChars ? template.body.sizePt * 2 : 0,
        lineGap: lineGap(writer),
      });
      doc.moveDown(0.2).font("body").fontSize(template.body.sizePt);
      return;
    }
    case "paragraph":
      doc.text(inline(node.children, writer, definitions), doc.page.margins.left + indent, undefined, {
        indent: template.body.firstLineIndentChars && depth === 0 ? template.body.sizePt * template.body.firstLineIndentChars : 0,
        lineGap: lineGap(writer),
        paragraphGap: template.body.lineSpacingPt ? 0 : 6,
      });
      doc.x = doc.page.margins.left;
      return;
    case "blockquote":
      for (const child of node.children) block(child, writer, definitions, depth + 1);
      return;
    case "list":
      list(node, writer, definitions, depth);
      return;
    case "code":
      doc.fontSize(template.body.sizePt * 0.85).text(node.value, doc.page.margins.left + indent + 12, undefined, { lineGap: 1, paragraphGap: 6 });
      doc.x = doc.page.margins.left;
      doc.fontSize(template.body.sizePt);
      return;
    case "table":
      table(node, writer, definitions);
      return;
    case "thematicBreak": {
      const y = doc.y + 4;
      doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).stroke();
      doc.moveDown(0.6);
      return;
    }
    case "html":
      // Raw HTML is never rendered; its text is kept so nothing the writer typed is lost.
      doc.text(node.value, { lineGap: lineGap(writer) });
      return;
    default:
      if ("children" in node || "value" in node) doc.text(toString(node), { lineGap: lineGap(writer) });
  }
}

function list(node: List, writer: Writer, definitions: Map<string, string>, depth: number): void {
  const { doc } = writer;
  node.children.forEach((item, i) => {
    const marker = node.ordered ? `${(node.start ?? 1) + i}. ` : "• ";
    item.children.forEach((child, j) => {
      if (child.type === "paragraph") {
        const left = doc.page.margins.left + depth * 18;
        doc.text(`${j === 0 ? marker : ""}${inline(child.children, writer, definitions)}`, left, undefined, { lineGap: lineGap(writer), paragraphGap: 2 });
        doc.x = doc.page.margins.left;
      } else block(child, writer, definitions, depth + 1);
    });
  });
}

function table(node: Table, writer: Writer, definitions: Map<string, string>): void {
  const { doc, template } = writer;
  const size = Math.max(9, template.body.sizePt * 0.75);
  doc.fontSize(size).moveDown(0.3);
  doc.table({
    data: node.children.map((row) => row.children.map((cell) => inline(cell.children, writer, definitions))),
    defaultStyle: { padding: 3, border: 0.5, font: { src: "body", size } } as never,
    rowStyles: (row) => (row === 0 ? { backgroundColor: "#eeeeee" } : undefined),
  });
  doc.x = doc.page.margins.left;
  doc.fontSize(template.body.sizePt).moveDown(0.3);
}

/**
 * The text of inline content; a footnote reference becomes `[n]`, numbered in order of first use,
 * and its definition is kept for the notes after the body.
 */
function inline(nodes: PhrasingContent[], writer: Writer, definitions: Map<string, string>): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case "footnoteReference": {
          let n = writer.footnotes.get(node.identifier);
          if (n === undefined) {
            n = writer.footnotes.size + 1;
            writer.footnotes.set(node.identifier, n);
            writer.noteTexts.push(definitions.get(node.identifier) ?? node.identifier);
          }
          return `[${n}]`;
        }
        case "link":
          return toString(node) === node.url ? node.url : `${inline(node.children, writer, definitions)} (${node.url})`;
        case "break":
          return "\n";
        case "image":
          return node.alt ?? "";
        default:
          return "children" in node ? inline(node.children as PhrasingContent[], writer, definitions) : "value" in node ? String(node.value) : "";
      }
    })
    .join("");
}
