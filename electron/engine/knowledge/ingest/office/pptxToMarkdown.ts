import type { OfficeDocument } from "./OfficeDocument.js";
import { openZip, unreadable } from "./openZip.js";
import { coreTitle, relationships } from "./relationships.js";
import { attr, relationshipId, childrenNamed, descendantsNamed, firstNamed, markdownTable, oneLine, tableCell } from "./xmlText.js";

const TITLE_PLACEHOLDERS = new Set(["title", "ctrTitle"]);

/**
 * A PowerPoint file, one page per slide in the presentation's order: the title placeholder becomes
 * the slide's `##` heading, every other text box its paragraphs (bullets kept as list items), a
 * table a GFM table, and the speaker notes a quoted paragraph after the slide's own text.
 */
export async function pptxToMarkdown(data: Buffer, name: string): Promise<OfficeDocument> {
  const zip = await openZip(data, name, "PowerPoint (.pptx)", "ppt/presentation.xml");
  const presentation = (await zip.xml("ppt/presentation.xml"))!;
  const rels = await relationships(zip, "ppt/presentation.xml");
  const slideParts = descendantsNamed(presentation, "sldId")
    .map((slide) => rels.get(relationshipId(slide) ?? "")?.target)
    .filter((target): target is string => Boolean(target));
  if (slideParts.length === 0) throw unreadable(name, "PowerPoint (.pptx)", "it has no slides");
  const pages: string[] = [];
  for (const part of slideParts) pages.push(await slideMarkdown(zip, part));
  return { title: await coreTitle(zip), pages };
}

async function slideMarkdown(zip: Awaited<ReturnType<typeof openZip>>, part: string): Promise<string> {
  const slide = await zip.xml(part);
  if (!slide) return "";
  const blocks: string[] = [];
  let title = "";
  const tree = firstNamed(slide, "spTree");
  const visit = (parent: Element): void => {
    for (const child of childElements(parent)) {
      if (child.localName === "grpSp") visit(child);
      else if (child.localName === "sp") {
        const body = firstNamed(child, "txBody");
        if (!body) continue;
        const placeholder = firstNamed(child, "ph");
        const paragraphs = childrenNamed(body, "p").map(paragraphText).filter((p) => p.text);
        if (placeholder && TITLE_PLACEHOLDERS.has(attr(placeholder, "type") ?? "") && !title) {
          title = paragraphs.map((p) => p.text).join(" ");
          continue;
        }
        for (const p of paragraphs) blocks.push(p.bullet ? `${"  ".repeat(p.level)}- ${p.text}` : p.text);
      } else if (child.localName === "graphicFrame") {
        const table = firstNamed(child, "tbl");
        if (table) blocks.push(tableMarkdown(table));
      }
    }
  };
  if (tree) visit(tree);
  const notes = await notesText(zip, part);
  if (notes) blocks.push(`> ${notes}`);
  return [title ? `## ${title}` : "", ...blocks].filter(Boolean).join("\n\n");
}

function childElements(parent: Element): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) out.push(node as Element);
  return out;
}

function paragraphText(paragraph: Element): { text: string; bullet: boolean; level: number } {
  const text = oneLine(descendantsNamed(paragraph, "t").map((t) => t.textContent ?? "").join(""));
  const props = childrenNamed(paragraph, "pPr")[0];
  const level = props ? Number(attr(props, "lvl") ?? 0) : 0;
  const bullet = props ? !childrenNamed(props, "buNone").length && (level > 0 || childrenNamed(props, "buChar").length > 0) : false;
  return { text, bullet, level };
}

function tableMarkdown(table: Element): string {
  const rows = childrenNamed(table, "tr").map((row) =>
    childrenNamed(row, "tc").map((cell) => tableCell(descendantsNamed(cell, "t").map((t) => t.textContent ?? "").join(" "))));
  return markdownTable(rows);
}

/** The speaker notes of a slide, from its notesSlide part, without the slide-number placeholder. */
async function notesText(zip: Awaited<ReturnType<typeof openZip>>, part: string): Promise<string> {
  const rels = await relationships(zip, part);
  const notesPart = [...rels.values()].find((rel) => rel.type.endsWith("/notesSlide"))?.target;
  const notes = notesPart ? await zip.xml(notesPart) : null;
  if (!notes) return "";
  const texts: string[] = [];
  for (const shape of descendantsNamed(notes, "sp")) {
    const type = attr(firstNamed(shape, "ph") ?? shape, "type");
    if (type !== "body") continue;
    texts.push(oneLine(descendantsNamed(shape, "t").map((t) => t.textContent ?? "").join(" ")));
  }
  return texts.filter(Boolean).join(" ");
}
