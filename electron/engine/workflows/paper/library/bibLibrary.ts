import { createHash } from "node:crypto";
import fs from "node:fs";
import type Database from "better-sqlite3";
import path from "node:path";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { Cite, citeproc, type CslItem, type CslName } from "../../../references/citeproc.js";
import { parseReferences, referenceKindOf } from "../../../references/parseReferences.js";
import { BibRepository, type BibRecord } from "./BibRepository.js";
import { fileLinks } from "./bibFileLinks.js";
import type { PaperLibrary } from "./PaperLibrary.js";
import type { PaperRecord } from "./PaperRepository.js";
import type { PaperMetadata } from "../../../../../shared/workflows/paperBib.js";
import { arxivOf, isArxivId, isDoi, normalizeArxiv, normalizeDoi, withIdentifiers } from "./paperIdentifiers.js";

export interface BibImportResult {
  doc_id: string;
  citation_key: string;
  title: string;
  /** `pdf` when the entry's file was imported with it, `metadata` for a record without a file. */
  kind: "pdf" | "metadata";
  /** Already in the library (same citation key, Zotero key or file content): nothing changed. */
  existing: boolean;
  /** The entry's file could not be imported; the record was kept as metadata only. */
  warning?: string;
}

/** Bytes of a .bib / .ris file; a whole Zotero library export is far smaller. */
const MAX_BIB_BYTES = 20 * 1024 * 1024;

/** The library's BibTeX / RIS side: import entries, export records, correct a paper's metadata. */
export class BibLibrary {
  readonly bib: BibRepository;

  constructor(
    private readonly library: PaperLibrary,
    private readonly db: Database.Database,
  ) {
    this.bib = new BibRepository(db);
  }

  /** Imports every entry of a .bib or .ris file: linked to its PDF when the entry names one, else metadata only. */
  async importFile(file: string, signal?: AbortSignal): Promise<BibImportResult[]> {
    const kind = referenceKindOf(file);
    let text: string;
    try {
      if (fs.statSync(file).size > MAX_BIB_BYTES) throw new ScriptoriumError("bad_request", `${file}: larger than ${MAX_BIB_BYTES / 1024 / 1024} MB.`, { file, reason: "too_large" });
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      if (error instanceof ScriptoriumError) throw error;
      throw new ScriptoriumError("not_found", `${file}: file not found or unreadable.`, { file, reason: "missing" });
    }
    const items = parseReferences(text, kind, path.basename(file));
    const links = fileLinks(text, kind, path.dirname(path.resolve(file)));
    const results: BibImportResult[] = [];
    for (const item of items) results.push(await this.importItem(item, { source: kind, pdf: links.get(item.id) ?? null, zoteroKey: null }, signal));
    return results;
  }

  /**
   * One CSL item into the library. With a PDF the file is imported (parsed, indexed) and the
   * entry's metadata replaces what the parser guessed; without one, a record with no pages is
   * stored so the entry can be cited and exported.
   */
  async importItem(item: CslItem, from: { source: BibRecord["source"]; pdf: string | null; zoteroKey: string | null }, signal?: AbortSignal): Promise<BibImportResult> {
    const key = String(item["citation-key"] ?? item.id);
    const title = String(item.title ?? "").trim();
    if (!title) throw new ScriptoriumError("bad_request", `Entry ${key} has no title.`, { citation_key: key, reason: "no_title" });
    const known = (from.zoteroKey ? this.bib.byZoteroKey(from.zoteroKey) : undefined) ?? this.bib.byCitationKey(key);
    if (known) return { doc_id: known.doc_id, citation_key: key, title: known.csl.title ?? title, kind: this.library.repo.require(known.doc_id).pages > 0 ? "pdf" : "metadata", existing: true };
    const csl: CslItem = { ...item, id: key, "citation-key": key };
    let warning: string | undefined;
    if (from.pdf) {
      try {
        const imported = await this.library.importFile(from.pdf, signal);
        if (imported.existing && this.bib.get(imported.doc_id)) return { doc_id: imported.doc_id, citation_key: key, title: imported.title, kind: "pdf", existing: true };
        this.bib.put({ doc_id: imported.doc_id, citation_key: key, csl, source: from.source, zotero_key: from.zoteroKey });
        this.applyToRecord(imported.doc_id, csl);
        return { doc_id: imported.doc_id, citation_key: key, title, kind: "pdf", existing: imported.existing };
      } catch (error) {
        if (error instanceof ScriptoriumError && error.code === "aborted") throw error;
        warning = `${path.basename(from.pdf)}: ${(error as Error).message}`;
      }
    }
    const docId = `b${createHash("sha256").update(`${from.zoteroKey ?? ""}\n${key}\n${title}`).digest("hex").slice(0, 12)}`;
    const record: PaperRecord = {
      doc_id: docId,
      title,
      authors: namesOf(csl.author),
      year: yearOf(csl),
      abstract: typeof csl.abstract === "string" ? csl.abstract : "",
      file_name: "",
      path: "",
      kind: "metadata",
      pages: 0,
      content_hash: `bib:${docId}`,
      imported_at: new Date().toISOString(),
      doi: typeof csl.DOI === "string" ? normalizeDoi(csl.DOI) : "",
      arxiv: arxivOf(csl),
    };
    this.db.transaction(() => {
      this.library.repo.insert({ record, pages: [], chunks: [], structure: [], references: [] });
      this.bib.put({ doc_id: docId, citation_key: key, csl, source: from.source, zotero_key: from.zoteroKey });
    })();
    return { doc_id: docId, citation_key: key, title, kind: "metadata", existing: false, ...(warning ? { warning } : {}) };
  }

  /** The CSL item of a paper: its bibliographic record, or one made from what the paper reader extracted. */
  cslOf(docId: string): CslItem {
    const record = this.library.repo.require(docId);
    const bib = this.bib.get(docId);
    // A BibTeX entry linked to a PDF often lacks the DOI or arXiv id the PDF prints: the PDF's fill the gap.
    if (bib) return withIdentifiers(bib.csl, record);
    // An arXiv paper with no DOI is a preprint: GB/T 7714 prints it as [Z] with its abstract page, not as a journal article.
    const preprint = Boolean(record.arxiv && !record.doi);
    return withIdentifiers(
      {
        id: docId,
        "citation-key": docId,
        type: preprint ? "article" : "article-journal",
        title: record.title,
        author: record.authors.map(splitName),
        ...(record.year ? { issued: { "date-parts": [[record.year]] } } : {}),
        ...(record.abstract ? { abstract: record.abstract } : {}),
        ...(preprint ? { publisher: "arXiv" } : {}),
      },
      record,
    );
  }

  /** The metadata a correction form shows (and a reference list uses). */
  metadataOf(docId: string): PaperMetadata {
    const bib = this.bib.get(docId);
    return flatMetadata(docId, this.cslOf(docId), bib?.source ?? "extracted");
  }

  /** BibTeX of the given papers (default: the whole library, oldest first). */
  exportBibtex(docIds?: readonly string[]): string {
    const ids = docIds && docIds.length > 0 ? [...docIds] : this.library.list().map((p) => p.doc_id).reverse();
    if (ids.length === 0) return "";
    const items = ids.map((id) => this.cslOf(id));
    citeproc();
    // BibLaTeX syntax: plain BibTeX has no urldate and keeps only the year of a web page (Zotero, JabRef and biber read both).
    return new Cite(items).format("biblatex", { format: "text" });
  }

  /**
   * The user's correction of a paper's metadata (title, authors, year, venue, DOI, type): kept in
   * the bibliographic record (source `user`) and in the library's listing.
   */
  correct(docId: string, patch: MetadataPatch): CslItem {
    const current = this.cslOf(docId);
    // Everything is checked before anything is written: a refused correction leaves the record as it was.
    checkPatch(docId, patch);
    const csl: CslItem = { ...current };
    if (patch.title !== undefined) csl.title = patch.title.trim();
    if (patch.authors !== undefined) csl.author = patch.authors.map(splitName);
    if (patch.year !== undefined) {
      if (patch.year === null) delete csl.issued;
      else csl.issued = { "date-parts": [[patch.year]] };
    }
    if (patch.venue !== undefined) {
      if (patch.venue.trim()) csl["container-title"] = patch.venue.trim();
      else delete csl["container-title"];
    }
    if (patch.doi !== undefined) {
      const doi = normalizeDoi(patch.doi);
      if (doi) csl.DOI = doi;
      else delete csl.DOI;
    }
    if (patch.arxiv !== undefined) {
      const arxiv = normalizeArxiv(patch.arxiv);
      const previous = arxivOf(csl);
      // The arXiv fields this record carries are replaced; a URL that is not arXiv's stays.
      if (previous) {
        if (typeof csl.URL === "string" && csl.URL.includes(previous)) delete csl.URL;
        if (typeof csl.number === "string" && csl.number.includes(previous)) delete csl.number;
      }
      Object.assign(csl, withIdentifiers({ ...csl }, { doi: "", arxiv }));
    }
    if (patch.type !== undefined) csl.type = patch.type;
    const previous = this.bib.get(docId);
    this.bib.put({ doc_id: docId, citation_key: String(csl["citation-key"] ?? docId), csl, source: "user", zotero_key: previous?.zotero_key ?? null });
    this.applyToRecord(docId, csl);
    return csl;
  }

  /** The listing's title / authors / year, and the stored DOI and arXiv id, follow the bibliographic record. */
  private applyToRecord(docId: string, csl: CslItem): void {
    const doi = typeof csl.DOI === "string" ? normalizeDoi(csl.DOI) : "";
    this.db
      .prepare("UPDATE paper_docs SET title = ?, authors = ?, year = ?, doi = ?, arxiv = ? WHERE doc_id = ?")
      .run(String(csl.title ?? ""), JSON.stringify(namesOf(csl.author)), yearOf(csl), doi, arxivOf(csl), docId);
  }
}

/** The correction form's view of a paper: the CSL record flattened, and where it came from. */
export function flatMetadata(docId: string, csl: CslItem, source: PaperMetadata["source"]): PaperMetadata {
  return {
    doc_id: docId,
    title: String(csl.title ?? ""),
    authors: namesOf(csl.author),
    year: yearOf(csl),
    venue: typeof csl["container-title"] === "string" ? csl["container-title"] : "",
    doi: typeof csl.DOI === "string" ? csl.DOI : "",
    arxiv: arxivOf(csl),
    type: String(csl.type ?? ""),
    source,
  };
}

function checkPatch(docId: string, patch: MetadataPatch): void {
  const bad = (field: string, message: string, value: unknown) => new ScriptoriumError("bad_request", `${field}: ${message}`, { doc_id: docId, field, value });
  if (patch.title !== undefined && !patch.title.trim()) throw bad("title", "cannot be empty.", patch.title);
  if (patch.authors?.some((a) => !a.trim())) throw bad("authors", "an author's name cannot be empty.", patch.authors);
  const maxYear = new Date().getFullYear() + 1;
  if (patch.year !== undefined && patch.year !== null && !(Number.isInteger(patch.year) && patch.year >= 1000 && patch.year <= maxYear)) {
    throw bad("year", `${patch.year} is not a year between 1000 and ${maxYear}.`, patch.year);
  }
  if (patch.doi !== undefined) {
    const doi = normalizeDoi(patch.doi);
    if (doi && !isDoi(doi)) throw bad("doi", `"${patch.doi}" is not a DOI (10.<registrant>/<suffix>, e.g. 10.1145/3292500.3330919).`, patch.doi);
  }
  if (patch.arxiv !== undefined) {
    const arxiv = normalizeArxiv(patch.arxiv);
    if (arxiv && !isArxivId(arxiv)) throw bad("arxiv", `"${patch.arxiv}" is not an arXiv id (e.g. 2103.01234 or hep-th/9901001).`, patch.arxiv);
  }
}

export interface MetadataPatch {
  title?: string;
  authors?: string[];
  year?: number | null;
  venue?: string;
  doi?: string;
  /** An arXiv id, `arXiv:` id or arxiv.org URL; empty clears it. */
  arxiv?: string;
  type?: string;
}

function namesOf(names: CslName[] | undefined): string[] {
  return (names ?? []).map((n) => n.literal ?? (n.given ? `${n.given} ${n.family ?? ""}`.trim() : (n.family ?? ""))).filter(Boolean);
}

/** "Given Family" / "Family, Given" / a Chinese name (family name only: no split). */
function splitName(name: string): CslName {
  const trimmed = name.trim();
  if (/[\u3400-\u9fff]/.test(trimmed)) return { family: trimmed };
  if (trimmed.includes(",")) {
    const [family = "", given = ""] = trimmed.split(",", 2).map((s) => s.trim());
    return given ? { family, given } : { family };
  }
  const parts = trimmed.split(/\s+/);
  return parts.length > 1 ? { family: parts.at(-1)!, given: parts.slice(0, -1).join(" ") } : { family: trimmed };
}

function yearOf(csl: CslItem): number | null {
  const year = Number(csl.issued?.["date-parts"]?.[0]?.[0]);
  return Number.isInteger(year) && year > 0 ? year : null;
}
