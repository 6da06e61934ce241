import type { OfficeDocument } from "./OfficeDocument.js";
import { openZip } from "./openZip.js";
import { attr, childrenNamed, descendantsNamed, markdownTable, oneLine, tableCell } from "./xmlText.js";

/**
 * An OpenDocument text (LibreOffice, WPS): headings by outline level as `#`…`###` (deeper levels
 * stay plain paragraphs, as in the HTML path), paragraphs, list items, tables as GFM tables,
 * footnotes gathered after their page. Pages are the document's own page breaks: the soft breaks
 * an office suite records where it laid out a page, and paragraphs whose style breaks before them.
 */
export async function odtToMarkdown(data: Buffer, name: string): Promise<OfficeDocument> {
  const zip = await openZip(data, name, "OpenDocument text (.odt)", "content.xml");
  const content = (await zip.xml("content.xml"))!;
  const breakBefore = pageBreakStyles(content);
  const officeBody = descendantsNamed(content, "body")[0];
  const body = officeBody ? childrenNamed(officeBody, "text")[0] : undefined;
  const pages: string[][] = [[]];
  const notes: string[][] = [[]];
  const newPage = () => {
    if (pages[pages.length - 1]!.length === 0) return;
    pages.push([]);
    notes.push([]);
  };
  const emit = (block: string) => block && pages[pages.length - 1]!.push(block);
  const walk = (parent: Element, listDepth: number): void => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType !== 1) continue;
      const element = node as Element;
      const style = attr(element, "style-name") ?? "";
      switch (element.localName) {
        case "soft-page-break":
          newPage();
          break;
        case "h": {
          if (breakBefore.has(style)) newPage();
          const level = Number(attr(element, "outline-level") ?? 1);
          const text = inlineText(element, notes[notes.length - 1]!);
          emit(level <= 3 ? `${"#".repeat(level)} ${text}` : text);
          break;
        }
        case "p": {
          if (breakBefore.has(style)) newPage();
          if (descendantsNamed(element, "soft-page-break").length && leadsWithBreak(element)) newPage();
          const text = inlineText(element, notes[notes.length - 1]!);
          emit(listDepth > 0 && text ? `${"  ".repeat(listDepth - 1)}- ${text}` : text);
          break;
        }
        case "list":
          for (const item of childrenNamed(element, "list-item")) walk(item, listDepth + 1);
          break;
        case "table":
          emit(markdownTable(descendantsNamed(element, "table-row").map((row) =>
            childrenNamed(row, "table-cell").map((cell) => tableCell(descendantsNamed(cell, "p").map((p) => inlineText(p, [])).join(" "))))));
          break;
        case "section":
        case "index-body":
          walk(element, listDepth);
          break;
        default:
          break;
      }
    }
  };
  if (body) walk(body, 0);
  return {
    title: await metaTitle(zip),
    pages: pages.map((blocks, i) => [...blocks, ...notes[i]!].join("\n\n")).filter((page, i, all) => page || all.length === 1),
  };
}

/** Paragraph text: spans, links, `text:s` runs of spaces, tabs and line breaks; a footnote's body goes to `notes`. */
function inlineText(element: Element, notes: string[]): string {
  let out = "";
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) out += child.nodeValue ?? "";
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      if (el.localName === "s") out += " ".repeat(Number(attr(el, "c") ?? 1));
      else if (el.localName === "tab" || el.localName === "line-break") out += " ";
      else if (el.localName === "note") {
        const mark = oneLine(descendantsNamed(el, "note-citation")[0]?.textContent ?? String(notes.length + 1));
        out += `[${mark}]`;
        const bodyText = descendantsNamed(el, "note-body")[0];
        if (bodyText) notes.push(`[${mark}] ${oneLine(descendantsNamed(bodyText, "p").map((p) => inlineText(p, [])).join(" "))}`);
      } else if (el.localName !== "soft-page-break" && el.localName !== "annotation") visit(el);
    }
  };
  visit(element);
  return oneLine(out);
}

/** A soft break before any text of the paragraph means the page turned before it. */
function leadsWithBreak(paragraph: Element): boolean {
  for (let node = paragraph.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) return (node as Element).localName === "soft-page-break";
    if (node.nodeType === 3 && (node.nodeValue ?? "").trim()) return false;
  }
  return false;
}

/** Automatic paragraph styles that start a new page (`fo:break-before="page"`). */
function pageBreakStyles(content: Document): Set<string> {
  const out = new Set<string>();
  for (const style of descendantsNamed(content, "style")) {
    const props = childrenNamed(style, "paragraph-properties")[0];
    if (props && attr(props, "break-before") === "page") out.add(attr(style, "name") ?? "");
  }
  return out;
}

async function metaTitle(zip: Awaited<ReturnType<typeof openZip>>): Promise<string | null> {
  const meta = await zip.xml("meta.xml");
  const title = meta ? descendantsNamed(meta, "title")[0]?.textContent?.trim() : "";
  return title || null;
}
