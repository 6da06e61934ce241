import type { Root, Table, TableRow } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { visit } from "unist-util-visit";

/**
 * Tables written by a model are often ragged: rows with missing or extra cells, empty trailing
 * rows. Converters either drop such rows or shift cells into the wrong column, so every table is
 * squared to its header's width first.
 */
export function squareTables(tree: Root): Root {
  visit(tree, "table", (table: Table) => {
    const width = table.children[0]?.children.length ?? 0;
    table.children = table.children.filter((row, index) => index === 0 || row.children.some((cell) => cell.children.length > 0));
    for (const row of table.children) squareRow(row, width);
    table.align = Array.from({ length: width }, (_, i) => table.align?.[i] ?? null);
  });
  return tree;
}

function squareRow(row: TableRow, width: number): void {
  if (row.children.length > width) {
    // Extra cells are merged into the last column rather than lost.
    const extra = row.children.splice(width);
    const last = row.children[width - 1];
    if (last) for (const cell of extra) last.children.push({ type: "text", value: " " }, ...cell.children);
  }
  while (row.children.length < width) row.children.push({ type: "tableCell", children: [] });
}

export function parseMarkdown(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
}

/**
 * Markdown with its tables squared. Only the tables are rewritten, spliced back at their source
 * positions: re-serialising the whole document would escape every citation (`\\[m001]`) and
 * reformat prose the writer and the user chose.
 */
export function cleanMarkdownTables(markdown: string): string {
  if (!markdown.includes("|")) return markdown;
  const tree = parseMarkdown(markdown);
  // Top-level tables only: one nested in a quote or list has prefixes on every source line that a
  // splice would lose (the docx and html converters square those in the tree anyway).
  const tables = tree.children.filter((node): node is Table => node.type === "table");
  let out = markdown;
  // From the end, so earlier offsets stay valid while later tables are replaced.
  for (const table of tables.reverse()) {
    const start = table.position?.start.offset;
    const end = table.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const root: Root = { type: "root", children: [structuredClone(table)] };
    const text = unified().use(remarkGfm).use(remarkStringify, { bullet: "-", fences: true }).stringify(squareTables(root)).trimEnd();
    out = out.slice(0, start) + unescapeCitations(text) + out.slice(end);
  }
  return out;
}

/** remark-stringify escapes `[` so a citation is not read as a link; `[m001]` is no link anyway. */
function unescapeCitations(text: string): string {
  return text.replace(/\\\[(m\d{3,})\]/g, "[$1]");
}
