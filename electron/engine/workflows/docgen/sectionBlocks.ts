/** One `## ` section of a document: its title and its lines [start, end) (heading included). */
export interface SectionBlock {
  title: string;
  start: number;
  end: number;
}

/**
 * The `## ` sections of a markdown document (headings inside code fences do not count). A block
 * runs from its heading to the line before the next `## ` heading, or the end of the document.
 */
export function sectionBlocks(markdown: string): SectionBlock[] {
  const lines = markdown.split("\n");
  const blocks: SectionBlock[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const f = /^\s*(```|~~~)/.exec(line);
    if (f) fence = fence === undefined ? f[1] : f[1] === fence ? undefined : fence;
    if (fence !== undefined || f) return;
    const h = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (!h) return;
    const previous = blocks.at(-1);
    if (previous) previous.end = i;
    blocks.push({ title: h[1]!, start: i, end: lines.length });
  });
  return blocks;
}

/**
 * The document with section `index` replaced by `text`; every other byte is kept, and the blank
 * lines that separated the section from the next one stay as they were.
 */
export function replaceSection(markdown: string, index: number, text: string): string {
  const block = sectionBlocks(markdown)[index];
  if (!block) throw new RangeError(`no section ${index}`);
  const lines = markdown.split("\n");
  let last = block.end;
  while (last > block.start + 1 && (lines[last - 1] ?? "").trim() === "") last--;
  const replacement = text.replace(/\s+$/, "").split("\n");
  return [...lines.slice(0, block.start), ...replacement, ...lines.slice(last)].join("\n");
}
