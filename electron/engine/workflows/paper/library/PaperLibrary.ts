import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { asDiskError } from "../../../io/atomicWrite.js";
import type { Embedder, LlmClient } from "../../../llm/LlmClient.js";
import { detectLang } from "../../../knowledge/ingest/RawChunk.js";
import { anchorsOf, hasName, normalize, numbersOf } from "../../common/claimText.js";
import { exactTerms, pinExactTerms } from "../../../knowledge/exactTerms.js";
import { exactTermHits } from "../../../knowledge/exactTermHits.js";
import { confirmMetadata } from "./confirmMetadata.js";
import { PaperIndex, SEARCHED_KINDS, type IndexedPaperChunk, type PaperHit } from "./PaperIndex.js";
import { PaperRepository, type PaperChunk, type PaperRecord } from "./PaperRepository.js";
import { parsePaper, type HeuristicMetadata } from "./parsePaper.js";
import type { PdfPaperMetadata } from "./pdfMetadata.js";
import { probeEmbedder } from "./probeEmbedder.js";
import type { OcrProgress } from "../../../io/pdf/readPdfPages.js";
import { readPaperLines } from "./readPaperFile.js";
import { translateQueryTerms } from "./translateQueryTerms.js";
import { pairedTerms, pairedTranslation, queryScript, translateQuery, type TermPair } from "../../../knowledge/crossLingualQuery.js";
import { reciprocalRankFusion } from "../../../knowledge/reciprocalRankFusion.js";
import { feedbackTerms } from "../../../knowledge/feedbackTerms.js";
import { dictionaryTranslation } from "../../../knowledge/dictionaryTranslation.js";
import type { Reranker } from "../../../knowledge/Reranker.js";

export type { Reranker };

/** Bytes of one paper file (a long scanned-and-OCRed book is about this size). */
export const MAX_PAPER_BYTES = 200 * 1024 * 1024;

export interface PaperLibraryOptions {
  /** Data directory; the index lives in `<dataDir>/lancedb`. */
  dataDir: string;
  db: Database.Database;
  embedder: Embedder | (() => Promise<Embedder>);
  /** For the metadata check and query-term translation; without it both are skipped. */
  llm?: () => LlmClient | undefined;
  /** Applied to the fused candidates when installed. */
  reranker?: () => Promise<Reranker | undefined>;
  /** Chunks per embedding call; default 32. */
  batchSize?: number;
}

export interface ImportResult {
  doc_id: string;
  title: string;
  pages: number;
  /** True when the same file content was already in the library (nothing re-imported). */
  existing: boolean;
}

export interface RetrieveOptions {
  docIds: string[];
  limit?: number;
  signal?: AbortSignal;
  /** Search the reference list instead of the body. */
  references?: boolean;
}

export interface Retrieval {
  hits: PaperHit[];
  /** What the word index was searched with (the question or its translated terms). */
  words: string;
}

/**
 * The paper library: import (parse, embed, index — all or nothing), list, delete, and retrieval
 * limited to a set of papers. SQLite holds the papers; LanceDB is an index rebuilt from it.
 */
export class PaperLibrary {
  readonly repo: PaperRepository;
  private ready: Promise<{ index: PaperIndex; embedder: Embedder }> | undefined;
  /** The embedder's measured quality per model and paper (probeEmbedder), measured on first use. */
  private readonly quality = new Map<string, Promise<number>>();
  /** Each paper's own bilingual term list ("注意力机制 (attention)"), read once from its chunks. */
  private readonly pairs = new Map<string, TermPair[]>();

  constructor(private readonly options: PaperLibraryOptions) {
    this.repo = new PaperRepository(options.db);
  }

  /**
   * Imports one file. The file is parsed and embedded first; then the chunks go to LanceDB and the
   * paper to app.db in one transaction. A failure at any step removes what was written, so a
   * failed import leaves no trace. Re-importing the same content returns the existing paper.
   */
  async importFile(filePath: string, signal?: AbortSignal, onOcrProgress?: (progress: OcrProgress) => void): Promise<ImportResult> {
    const name = path.basename(filePath);
    let data: Buffer;
    try {
      // Checked before it is opened: a FIFO would block the engine, a device never ends.
      const stat = fs.statSync(filePath);
      if (!stat.isFile()) throw new ScriptoriumError("bad_request", `${name}: not a regular file (a folder, device or pipe cannot be imported).`, { file: name });
      if (stat.size > MAX_PAPER_BYTES) throw new ScriptoriumError("bad_request", `${name}: ${Math.round(stat.size / 1024 / 1024)} MB; a paper file may have at most ${MAX_PAPER_BYTES / 1024 / 1024} MB.`, { file: name, bytes: stat.size, reason: "too_large" });
      data = fs.readFileSync(filePath);
    } catch (error) {
      if (error instanceof ScriptoriumError) throw error;
      throw new ScriptoriumError("not_found", `${name}: file not found or unreadable (${filePath}).`, { file: filePath, reason: "unreadable" });
    }
    if (data.length === 0) throw new ScriptoriumError("bad_request", `${name}: the file is empty.`, { file: name, reason: "empty" });
    const contentHash = createHash("sha256").update(data).digest("hex");
    const existing = this.repo.byHash(contentHash);
    if (existing) return { doc_id: existing.doc_id, title: existing.title, pages: existing.pages, existing: true };

    const readOptions = { ...(signal ? { signal } : {}), ...(onOcrProgress ? { onOcrProgress } : {}) };
    const { kind, lines, ocr, title: declaredTitle, pdfMetadata } = await readPaperLines(filePath, data, readOptions);
    const parsed = parsePaper(lines);
    const body = parsed.blocks.filter((block) => block.kind !== "reference");
    if (body.length === 0) throw new ScriptoriumError("bad_request", `${name}: no text found in the file.`, { file: name, reason: "empty" });
    const docId = `p${contentHash.slice(0, 12)}`;
    const firstPage = parsed.pages[0]?.text ?? "";
    const llm = this.options.llm?.();
    // A PDF's own metadata replaces the line heuristics (which take a banner or a category label for the title).
    const found = pdfMetadata ? withPdfMetadata(parsed.metadata, pdfMetadata) : parsed.metadata;
    // A declared title printed on the page needs no model to confirm it (a small model only risks cutting it).
    const metadata = llm && !pdfMetadata?.titleConfirmed ? await confirmMetadata(llm, firstPage, found, signal) : found;
    const title = metadata.title || declaredTitle || path.basename(filePath, path.extname(filePath));
    const chunks: PaperChunk[] = parsed.blocks.map((block, idx) => ({
      id: `${docId}:${idx}`,
      doc_id: docId,
      idx,
      page: block.page,
      section: block.section,
      kind: block.kind,
      text: block.text,
      ocr_confidence: ocr?.get(block.page)?.confidence ?? null,
    }));
    const record: PaperRecord = {
      doc_id: docId,
      title,
      authors: metadata.authors,
      year: metadata.year,
      abstract: metadata.abstract,
      file_name: name,
      path: path.resolve(filePath),
      kind,
      pages: parsed.pages.length === 0 ? 0 : Math.max(...parsed.pages.map((page) => page.page)),
      content_hash: contentHash,
      imported_at: new Date().toISOString(),
      // Only a PDF's first page and declarations are read for them: a DOI in other formats' text is as likely a citation's.
      doi: pdfMetadata?.doi ?? "",
      arxiv: pdfMetadata?.arxiv ?? "",
    };

    const { index, embedder } = await this.open();
    const vectors = await this.embedChunks(embedder, chunks, signal);
    try {
      await index.add(chunks.map((chunk, i) => ({ ...chunk, vector: vectors[i]! })));
      const pages = parsed.pages.map((page) => {
        const pageOcr = ocr?.get(page.page);
        return pageOcr ? { ...page, ocr: pageOcr } : page;
      });
      const structure = parsed.structure.map(({ block, ...item }) => (block === undefined ? item : { ...item, chunkId: chunks[block]!.id }));
      this.repo.insert({ record, pages, chunks, structure, references: parsed.references });
    } catch (error) {
      this.repo.delete(docId);
      await index.deleteDocs([docId]).catch(() => undefined);
      // A full disk is the user's to fix: a typed disk_full naming the file, not LanceDB's "GenericFailure".
      throw asDiskError(error, `the paper index (LanceDB) for ${name}`);
    }
    return { doc_id: docId, title, pages: record.pages, existing: false };
  }

  list(query?: string): PaperRecord[] {
    return this.repo.list(query);
  }

  get(docId: string): PaperRecord {
    return this.repo.require(docId);
  }

  async delete(docId: string): Promise<void> {
    this.repo.require(docId);
    const { index } = await this.open();
    // app.db first: a crash in between leaves only orphan chunks, which the next open removes.
    this.repo.delete(docId);
    await index.deleteDocs([docId]);
    for (const key of this.quality.keys()) if (key.endsWith(`\u0000${docId}`)) this.quality.delete(key);
    this.pairs.delete(docId);
  }

  /** The paper's language by its title and abstract: `zh` or `en`. */
  language(docId: string): "zh" | "en" {
    const record = this.repo.require(docId);
    const sample = `${record.title} ${record.abstract} ${this.repo.chunks(docId).slice(0, 5).map((c) => c.text).join(" ")}`;
    return detectLang(sample) === "zh" ? "zh" : "en";
  }

  /**
   * Top chunks of the given papers for a question: vectors, the bigram index and the stemmed word
   * index fused by RRF, then the reranker when one is installed. A Chinese question about an
   * English paper has its key terms translated (glossary first) before the word index is searched.
   */
  async retrieve(question: string, options: RetrieveOptions): Promise<Retrieval> {
    for (const docId of options.docIds) this.repo.require(docId);
    const limit = options.limit ?? 6;
    const { index, embedder } = await this.open();
    let words = question;
    const llm = this.options.llm?.();
    for (const docId of options.docIds) {
      if (this.language(docId) !== "en") continue;
      const glossary = this.repo.glossary(docId);
      const translated = await translateQueryTerms(llm, question, glossary, options.signal);
      if (translated.added.length > 0) this.repo.addGlossary(docId, translated.added);
      if (translated.added.length > 0 || (translated.words && /[\u3400-\u9fff]/.test(question))) words = `${question} ${translated.words}`;
    }
    const [vector] = await embedder.embed([`${question} ${words === question ? "" : words}`.trim()], options.signal);
    const qualities = await Promise.all(options.docIds.map((docId) => this.embedderQuality(embedder, index, docId, options.signal)));
    // A gate, not a dial: an embedder that finds most probe passages votes in full; below half it fades out.
    const vectorWeight = Math.min(1, Math.min(...qualities) / 0.5);
    const reranker = await this.options.reranker?.().catch(() => undefined);
    const searchOptions = { docIds: options.docIds, limit: Math.max(limit * 3, 15), ...(options.references ? { kinds: ["reference" as const] } : {}) };
    let hits = await index.search({ text: question, words, vector: vector!, vectorWeight }, searchOptions);
    // A question in the other language than a paper is searched in both: the terms the paper itself
    // pairs, and the model's checked translation of the whole question; the two rankings are fused.
    const other = await this.otherLanguageQuery(question, options.docIds, llm, options.signal);
    if (other) {
      const [otherVector] = await embedder.embed([other], options.signal);
      // The translated words vote twice (with the vectors, and alone): the question's own words find
      // nothing in a paper of the other language, so its list is mostly the vectors' guess.
      const [otherHits, otherWords] = await Promise.all([
        index.search({ text: other, words: other, vector: otherVector!, vectorWeight }, searchOptions),
        index.search({ text: other, words: other, vector: otherVector!, vectorWeight: 0 }, searchOptions),
      ]);
      hits = reciprocalRankFusion([hits, otherHits, otherWords]).map(({ item, score }) => ({ ...item, score }));
    }
    // A paraphrased question shares few words with its passage: the words the top passages share,
    // and the rest of the papers rarely have, are searched as well (pseudo-relevance feedback). The
    // expansion builds on the question in both languages: without the other side's words a Chinese
    // question's second search would be the added words alone.
    const asked = other ? `${words} ${other}` : words;
    const feedback = feedbackTerms(
      `${question} ${asked}`,
      hits.slice(0, 3).map((hit) => hit.text),
      options.docIds.flatMap((docId) => this.repo.chunks(docId).map((chunk) => chunk.text)),
    );
    if (feedback.length > 0) {
      const expanded = await index.search({ text: question, words: `${asked} ${feedback.join(" ")}`, vector: vector!, vectorWeight }, searchOptions);
      hits = reciprocalRankFusion([hits, expanded]).map(({ item, score }) => ({ ...item, score }));
    }
    // The question's names and codes as written, matched in the papers' own chunks: a chunk that
    // prints `user.mime_type` is a candidate even when every index ranked it past the cut-off.
    const terms = exactTerms(question);
    const searched = options.references ? ["reference"] : SEARCHED_KINDS;
    const pool = options.docIds.flatMap((docId) => this.repo.chunks(docId)).filter((chunk) => searched.includes(chunk.kind));
    // Found by its words as printed: the word retriever's kind of hit (the wire names the retrievers it knows).
    const exact = exactTermHits(terms, pool, searchOptions.limit).map((chunk): PaperHit => ({ ...chunk, score: 0, retrievers: ["words"] }));
    if (exact.length > 0) hits = reciprocalRankFusion([hits, exact]).map(({ item, score }) => ({ ...item, score }));
    hits = boostAnchors(question, hits);
    if (reranker && hits.length > 1) {
      const scores = await reranker.rank(question, hits.map((hit) => hit.text), options.signal);
      const max = Math.max(...scores);
      const min = Math.min(...scores);
      hits = hits
        .map((hit, i) => ({ ...hit, score: max > min ? (scores[i]! - min) / (max - min) : hit.score }))
        .sort((a, b) => b.score - a.score);
    }
    // The question's numbers, names and quoted phrases decide over every fused or reranked score.
    hits = pinExactTerms(terms, hits);
    return { hits: hits.slice(0, limit), words };
  }

  /**
   * The question in the other language of the papers it asks about, or undefined when all are in
   * its own: the other side of each term the papers pair, the shipped dictionary's words for it,
   * plus the model's translation when one passes its checks.
   */
  private async otherLanguageQuery(question: string, docIds: string[], llm: LlmClient | undefined, signal?: AbortSignal): Promise<string | undefined> {
    const script = queryScript(question);
    const foreign = docIds.filter((docId) => this.language(docId) !== script);
    if (foreign.length === 0) return undefined;
    const parts = new Set<string>();
    for (const docId of foreign) {
      let pairs = this.pairs.get(docId);
      if (!pairs) {
        pairs = pairedTerms(this.repo.chunks(docId).map((chunk) => chunk.text));
        this.pairs.set(docId, pairs);
      }
      for (const term of pairedTranslation(question, pairs)) parts.add(term);
      // The shipped dictionary, its senses picked by the paper's own words: no model needed.
      for (const term of await dictionaryTranslation(question, { texts: this.repo.chunks(docId).map((chunk) => chunk.text) })) parts.add(term);
    }
    const translated = await translateQuery(llm, question, signal);
    if (translated) parts.add(translated);
    return parts.size > 0 ? [...parts].join(" ") : undefined;
  }

  /** The embedder's quality on a paper (0..1), measured once per model and paper. */
  async embedderQuality(embedder: Embedder, index: PaperIndex, docId: string, signal?: AbortSignal): Promise<number> {
    const key = `${embedder.modelId}\u0000${docId}`;
    let measured = this.quality.get(key);
    if (!measured) {
      measured = probeEmbedder(embedder, index, docId, this.repo.chunks(docId), signal);
      this.quality.set(key, measured);
      measured.catch(() => this.quality.delete(key));
    }
    return measured;
  }

  /** Mean chunk vector of a paper (for "related papers in my library"). */
  async paperVector(docId: string, signal?: AbortSignal): Promise<Float32Array> {
    const { embedder } = await this.open();
    const record = this.repo.require(docId);
    const [vector] = await embedder.embed([`${record.title}\n${record.abstract}`.slice(0, 2000)], signal);
    return vector!;
  }

  async close(): Promise<void> {
    const ready = this.ready;
    this.ready = undefined;
    if (ready) (await ready.catch(() => undefined))?.index.close();
  }

  private async embedChunks(embedder: Embedder, chunks: PaperChunk[], signal?: AbortSignal): Promise<Float32Array[]> {
    const batch = this.options.batchSize ?? 32;
    const vectors: Float32Array[] = [];
    for (let i = 0; i < chunks.length; i += batch) {
      if (signal?.aborted) throw new ScriptoriumError("aborted", "Paper import was cancelled.");
      vectors.push(...(await embedder.embed(chunks.slice(i, i + batch).map(embeddingText), signal)));
    }
    return vectors;
  }

  /**
   * The index and the embedder it was built for. The embedder is looked up on every call: a shared
   * one (the knowledge layer's) is replaced when the embedding-model setting changes, and the old
   * one is disposed — then the index is reopened for the new model (rebuilt if its vectors differ).
   */
  private async open(): Promise<{ index: PaperIndex; embedder: Embedder }> {
    const source = this.options.embedder;
    const embedder = typeof source === "function" ? await source() : source;
    const current = await this.ready?.catch(() => undefined);
    if (current && current.embedder !== embedder) {
      this.ready = undefined;
      current.index.close();
    }
    this.ready ??= (async () => {
      const index = await PaperIndex.open({
        dir: path.join(this.options.dataDir, "lancedb"),
        modelId: embedder.modelId,
        dimensions: embedder.dimensions,
        rebuild: async (): Promise<IndexedPaperChunk[]> => {
          const chunks = this.repo.allChunks();
          const vectors = await this.embedChunks(embedder, chunks);
          return chunks.map((chunk, i) => ({ ...chunk, vector: vectors[i]! }));
        },
      });
      // An import killed after LanceDB took its chunks but before app.db did leaves orphans:
      // app.db is the truth, so they go (and a re-import of that file does not find duplicates).
      await index.deleteAllBut(this.repo.list().map((paper) => paper.doc_id));
      return { index, embedder };
    })();
    this.ready.catch(() => (this.ready = undefined));
    return this.ready;
  }
}

/**
 * Hard anchors of the question (numbers, names like "K7", "Table 2", "DocBench") found in a
 * candidate lift it: in a paper, "study 9" and "study 6" differ only by their number, which
 * neither vectors nor BM25 weigh much. The lift is at most half the fused score range.
 */
export function boostAnchors(question: string, hits: PaperHit[]): PaperHit[] {
  const anchors = anchorsOf(question);
  const total = anchors.numbers.length + anchors.names.length;
  if (total === 0) return hits;
  return hits
    .map((hit) => {
      const text = normalize(`${hit.section} ${hit.text}`);
      const numbers = new Set(numbersOf(text));
      const found = anchors.numbers.filter((n) => numbers.has(n)).length + anchors.names.filter((name) => hasName(text, name)).length;
      return { ...hit, score: Math.min(1, hit.score * 0.5 + 0.5 * (found / total)) };
    })
    .sort((a, b) => b.score - a.score);
}

function embeddingText(chunk: PaperChunk): string {
  return chunk.section ? `${chunk.section}\n${chunk.text}` : chunk.text;
}

function withPdfMetadata(heuristic: HeuristicMetadata, pdf: PdfPaperMetadata): HeuristicMetadata {
  return { title: pdf.title, authors: pdf.authors, year: pdf.year ?? heuristic.year, abstract: heuristic.abstract };
}
