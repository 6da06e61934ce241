/**
 * Small DOM helpers for the office readers: elements by local name (namespace prefixes differ
 * between writers: `a:t`, `w:t`, `text:p`), and the text under a node.
 */

export function childrenNamed(parent: Node, localName: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === localName) out.push(node as Element);
  }
  return out;
}

export function descendantsNamed(parent: Node, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      if ((child as Element).localName === localName) out.push(child as Element);
      walk(child);
    }
  };
  walk(parent);
  return out;
}

export function firstNamed(parent: Node, localName: string): Element | null {
  return descendantsNamed(parent, localName)[0] ?? null;
}

/** An attribute by local name, whatever its prefix (`r:id`, `xlink:href`, `text:outline-level`). */
export function attr(element: Element, localName: string): string | null {
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes[i]!;
    if (attribute.localName === localName || attribute.name === localName) return attribute.value;
  }
  return null;
}

/** `r:id`: the relationship an element points to (a slide list entry also has a plain numeric `id`). */
export function relationshipId(element: Element): string | null {
  for (let i = 0; i < element.attributes.length; i++) {
    const attribute = element.attributes[i]!;
    if (attribute.localName === "id" && attribute.namespaceURI?.endsWith("/relationships")) return attribute.value;
  }
  return null;
}

/** Whitespace folded to single spaces; a markdown table cell also loses its pipes and line breaks. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function tableCell(text: string): string {
  return oneLine(text).replace(/\|/g, "\\|");
}

/** Rows (first = header) → a GFM table; ragged rows are padded so every row has the header's width. */
export function markdownTable(rows: string[][]): string {
  const width = Math.max(...rows.map((row) => row.length));
  if (rows.length === 0 || width === 0) return "";
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill("")];
  const line = (row: string[]) => `| ${pad(row).join(" | ")} |`;
  return [line(rows[0]!), line(Array<string>(width).fill("---")), ...rows.slice(1).map(line)].join("\n");
}
