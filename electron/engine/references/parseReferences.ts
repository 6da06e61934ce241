import { ScriptoriumError } from "../../../shared/errors.js";
import { citeproc, type CslItem } from "./citeproc.js";

export type ReferenceFileKind = "bibtex" | "ris";

/** The kind of a reference file from its extension (`.bib` BibTeX / BibLaTeX, `.ris` RIS). */
export function referenceKindOf(file: string): ReferenceFileKind {
  const ext = file.toLowerCase().split(".").pop();
  if (ext === "bib" || ext === "bibtex") return "bibtex";
  if (ext === "ris") return "ris";
  throw new ScriptoriumError("bad_request", `${file}: not a reference file (expected .bib or .ris).`, { file, reason: "not_reference" });
}

/**
 * CSL-JSON items from BibTeX or RIS text. A file that yields no entry is an error naming the
 * file, so a wrong or empty file never imports silently as nothing.
 */
export function parseReferences(text: string, kind: ReferenceFileKind, source = "input"): CslItem[] {
  const { Cite } = citeproc();
  let items: CslItem[];
  try {
    items = new Cite(text, { forceType: kind === "bibtex" ? "@biblatex/text" : "@ris/file" }).data;
  } catch (error) {
    throw new ScriptoriumError("bad_request", `${source}: cannot be read as ${kind === "bibtex" ? "BibTeX" : "RIS"} (${(error as Error).message}).`, { source, reason: "unreadable" });
  }
  if (items.length === 0) throw new ScriptoriumError("bad_request", `${source}: no ${kind === "bibtex" ? "BibTeX" : "RIS"} entry found.`, { source, reason: "empty" });
  return items.map(cleanItem);
}

// citation.js keeps BibTeX's entry type as the genre of theses and reports ("phdthesis"), which
// APA would print as "[Phdthesis]"; these are words the styles print and citation.js's BibTeX
// output maps back to @phdthesis / @mastersthesis.
const GENRES: Record<string, string | null> = { phdthesis: "PhD thesis", mastersthesis: "Master's thesis", techreport: null };

function cleanItem(raw: CslItem): CslItem {
  const item: CslItem = { ...raw, id: String(raw["citation-key"] ?? raw.id) };
  // `_graph` is citation.js's parse trace: not part of the record.
  delete item._graph;
  const genre = typeof item.genre === "string" ? GENRES[item.genre.toLowerCase()] : undefined;
  // An organisation is `literal` from RIS but `family` from BibTeX's {{braced}} name: one form,
  // so the same entry is the same record whichever file it came from.
  for (const role of ["author", "editor"] as const) {
    const names = item[role];
    if (Array.isArray(names)) item[role] = names.map((n) => (n.literal && !n.family && !n.given ? { family: n.literal } : n));
  }
  // citation.js writes a web page's access date also as this note; it is already `accessed`.
  if (typeof item.note === "string" && /^\[Online; accessed [^\]]*\]$/.test(item.note) && item.accessed) delete item.note;
  if (genre === null) delete item.genre;
  else if (genre !== undefined) item.genre = genre;
  // RIS's THES says nothing of the degree; BibTeX export needs one (else @misc), so a round trip keeps it.
  if (item.type === "thesis" && !item.genre) item.genre = "PhD thesis";
  return item;
}
