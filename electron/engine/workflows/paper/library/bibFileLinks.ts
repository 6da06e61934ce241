import path from "node:path";
import { plugins } from "@citation-js/core";
import { citeproc } from "../../../references/citeproc.js";
import type { ReferenceFileKind } from "../../../references/parseReferences.js";

/**
 * The PDF each entry links to, by citation key: BibTeX's `file` field (Zotero / JabRef /
 * Mendeley write `Description:path:mime`, several joined by `;`, colons in Windows paths
 * escaped as `\:`) and RIS's `L1` tag. citation.js drops both from CSL, so they are read from
 * its raw BibTeX entries and from the RIS lines. Relative paths are taken from `baseDir`.
 */
export function fileLinks(text: string, kind: ReferenceFileKind, baseDir: string): Map<string, string> {
  citeproc();
  const links = new Map<string, string>();
  if (kind === "bibtex") {
    const entries = plugins.input.chain(text, { target: "@biblatex/entries+list" }) as Array<{ label: string; properties: Record<string, string> }>;
    for (const entry of entries) {
      const file = entry.properties.file;
      const pdf = file ? pdfOfFileField(file) : undefined;
      if (pdf) links.set(entry.label, path.resolve(baseDir, pdf));
    }
    return links;
  }
  for (const record of text.split(/^ER {2}-.*$/m)) {
    const id = /^ID {2}- (.+)$/m.exec(record)?.[1]?.trim();
    const l1 = [...record.matchAll(/^L1 {2}- (.+)$/gm)].map((m) => m[1]!.trim()).find((p) => /\.pdf$/i.test(p));
    if (id && l1) links.set(id, path.resolve(baseDir, l1.replace(/^file:\/\//, "")));
  }
  return links;
}

function pdfOfFileField(field: string): string | undefined {
  for (const spec of field.split(";")) {
    const parts = spec.split(/(?<!\\):/).map((p) => p.replace(/\\:/g, ":").replace(/\\\\/g, "\\").trim());
    const pdf = parts.find((p) => /\.pdf$/i.test(p)) ?? (parts.length === 1 ? parts[0] : undefined);
    if (pdf) return pdf;
  }
  return undefined;
}
