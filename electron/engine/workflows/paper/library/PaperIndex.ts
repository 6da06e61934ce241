import fs from "node:fs";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { ftsIndex, sanitizeFtsQuery } from "../../../knowledge/ftsIndexOptions.js";
import { fuseRankings, type Retriever } from "./fuseRankings.js";
import type { PaperChunk } from "./PaperRepository.js";

/** The LanceDB table of paper chunks (beside the knowledge collections, in the same folder). */
export const PAPER_TABLE = "paper_chunks";
const MODEL_ID_KEY = "scriptorium.model_id";
const DIMS_KEY = "scriptorium.dims";
const COLUMNS = ["id", "doc_id", "page", "section", "kind", "text"];

/**
 * English word index: Lance's simple tokenizer with English stemming and stop words, so "networks
 * trained" matches "network training". The bigram index on `text` stays for Chinese.
 */
function wordIndex(): lancedb.Index {
  return lancedb.Index.fts({
    baseTokenizer: "simple",
    language: "English",
    stem: true,
    removeStopWords: true,
    lowercase: true,
    asciiFolding: true,
    withPosition: false,
  });
}

/** The chunk kinds a search reads unless told otherwise: every kind but `reference`. */
export const SEARCHED_KINDS: readonly string[] = ["body", "heading", "caption", "table", "equation"];

export interface IndexedPaperChunk extends PaperChunk {
  vector: Float32Array;
}

export interface PaperHit extends PaperChunk {
  /** Fused 0..1 score. */
  score: number;
  /** Which searches found it (vector, bigram, word index). */
  retrievers?: Retriever[];
}

export interface PaperSearchQuery {
  /** Text for the bigram index (the question as asked). */
  text: string;
  /** English words for the stemmed word index (the question, or its translated key terms). */
  words: string;
  vector: Float32Array;
  /** How much the vector list counts (0..1): the embedder's measured quality on these papers; default 1. */
  vectorWeight?: number;
}

export interface PaperSearchOptions {
  docIds: string[];
  limit: number;
  /** Chunk kinds to search; default every kind but `reference`. */
  kinds?: readonly string[];
}

/**
 * Paper chunks in LanceDB with a cosine vector column, a bigram FTS index on `text` and a
 * stemmed English word index on `words`. Only an index: app.db holds the chunks, so a table that
 * is corrupt or built by another embedding model is re-created and refilled via `rebuild`.
 */
export class PaperIndex {
  private table: Promise<lancedb.Table> | undefined;

  private constructor(
    private readonly db: lancedb.Connection,
    private readonly options: { dir: string; modelId: string; dimensions: number; rebuild?: () => Promise<IndexedPaperChunk[]> },
  ) {}

  static async open(options: { dir: string; modelId: string; dimensions: number; rebuild?: () => Promise<IndexedPaperChunk[]> }): Promise<PaperIndex> {
    fs.mkdirSync(options.dir, { recursive: true });
    const db = await lancedb.connect(options.dir, { readConsistencyInterval: 0 });
    return new PaperIndex(db, options);
  }

  async add(chunks: IndexedPaperChunk[]): Promise<void> {
    if (chunks.length === 0) return;
    for (const chunk of chunks) this.assertVector(chunk.id, chunk.vector);
    const table = await this.open();
    await table.add(chunks.map(toRow));
  }

  async deleteDocs(docIds: string[]): Promise<void> {
    if (docIds.length === 0) return;
    await (await this.open()).delete(`doc_id IN (${docIds.map(quote).join(", ")})`);
  }

  /** Removes the chunks of every paper not in `docIds`; returns how many rows went. */
  async deleteAllBut(docIds: string[]): Promise<number> {
    const table = await this.open();
    const where = docIds.length ? `doc_id NOT IN (${docIds.map(quote).join(", ")})` : "doc_id IS NOT NULL";
    const orphans = await table.countRows(where);
    if (orphans > 0) await table.delete(where);
    return orphans;
  }

  async count(docId?: string): Promise<number> {
    return (await this.open()).countRows(docId ? `doc_id = ${quote(docId)}` : undefined);
  }

  /**
   * Vector, bigram and word results fused by weighted reciprocal rank fusion (fuseRankings: each
   * list weighted by its own score distribution, vectors also by the embedder's quality); 0..1.
   */
  async search(query: PaperSearchQuery, options: PaperSearchOptions): Promise<PaperHit[]> {
    if (options.docIds.length === 0) return [];
    this.assertVector("(query)", query.vector);
    const table = await this.open();
    const kinds = options.kinds ?? SEARCHED_KINDS;
    const where = `doc_id IN (${options.docIds.map(quote).join(", ")}) AND kind IN (${kinds.map(quote).join(", ")})`;
    const candidates = Math.max(options.limit * 3, 20);
    // The three searches at once: LanceDB runs each on its own threads, and a question waits for
    // all three, so side by side it waits for the slowest instead of the sum.
    const lists = await Promise.all([
      this.vector(table, query.vector, where, candidates),
      this.fts(table, query.text, "text", where, candidates),
      this.fts(table, query.words, "words", where, candidates),
    ]);
    const [vector, bigram, words] = lists;
    return fuseRankings([
      { retriever: "vector", items: vector!, weight: query.vectorWeight ?? 1 },
      { retriever: "bigram", items: bigram!, weight: 1 },
      { retriever: "words", items: words!, weight: 1 },
    ])
      .slice(0, options.limit)
      .map(({ item, score, retrievers }) => ({ ...item, score, retrievers }));
  }

  /** The vector search alone (the embedder quality probe). */
  async nearest(vector: Float32Array, docIds: string[], limit: number): Promise<PaperHit[]> {
    this.assertVector("(query)", vector);
    const where = `doc_id IN (${docIds.map(quote).join(", ")})`;
    return this.vector(await this.open(), vector, where, limit);
  }

  async optimize(): Promise<void> {
    await (await this.open()).optimize({ cleanupOlderThan: new Date(Date.now() - 24 * 3600_000) });
  }

  close(): void {
    void this.table?.then((table) => table.close()).catch(() => undefined);
    this.table = undefined;
    this.db.close();
  }

  private async vector(table: lancedb.Table, vector: Float32Array, where: string, limit: number): Promise<PaperHit[]> {
    const rows = (await table.vectorSearch(Array.from(vector)).distanceType("cosine").where(where).select(COLUMNS).limit(limit).toArray()) as Array<Record<string, unknown>>;
    return rows.map((row) => fromRow(row, 1 - Number(row._distance ?? 2) / 2));
  }

  private async fts(table: lancedb.Table, text: string, column: "text" | "words", where: string, limit: number): Promise<PaperHit[]> {
    const cleaned = sanitizeFtsQuery(text).replace(/[()[\]{}:^~*?\\/+!-]/g, " ").trim();
    if (!cleaned) return [];
    const rows = (
      (await table
        .query()
        .fullTextSearch(cleaned, { columns: column })
        .where(where)
        .select(COLUMNS)
        .limit(limit * 2 + 10)
        .toArray()) as Array<Record<string, unknown>>
    )
      .map((row) => ({ row, score: Number(row._score ?? 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    const best = Math.max(0, ...rows.map(({ score }) => score));
    return rows.map(({ row, score }) => fromRow(row, best > 0 ? score / best : 0));
  }

  private assertVector(id: string, vector: Float32Array): void {
    if (vector.length !== this.options.dimensions || !vector.every(Number.isFinite)) {
      throw new ScriptoriumError("bad_request", `Vector of ${id} has ${vector.length} finite-checked dimensions; expected ${this.options.dimensions}.`);
    }
  }

  private open(): Promise<lancedb.Table> {
    this.table ??= this.openOrRecreate();
    this.table.catch(() => (this.table = undefined));
    return this.table;
  }

  private async openOrRecreate(): Promise<lancedb.Table> {
    const names = await this.db.tableNames();
    if (names.includes(PAPER_TABLE)) {
      try {
        const table = await this.db.openTable(PAPER_TABLE);
        const schema = await table.schema();
        await table.countRows();
        if (schema.metadata.get(MODEL_ID_KEY) === this.options.modelId && Number(schema.metadata.get(DIMS_KEY)) === this.options.dimensions) return table;
        table.close();
      } catch {
        // Corrupt: re-created below; app.db still has every chunk.
      }
      try {
        await this.db.dropTable(PAPER_TABLE);
      } catch {
        fs.rmSync(path.join(this.options.dir, `${PAPER_TABLE}.lance`), { recursive: true, force: true });
      }
    }
    const table = await this.db.createEmptyTable(PAPER_TABLE, schema(this.options.dimensions, this.options.modelId), { mode: "overwrite" });
    await table.createIndex("text", { config: ftsIndex(), replace: true });
    await table.createIndex("words", { config: wordIndex(), replace: true });
    const refill = this.options.rebuild ? await this.options.rebuild() : [];
    if (refill.length > 0) await table.add(refill.map(toRow));
    return table;
  }
}

function schema(dims: number, modelId: string): Schema {
  return new Schema(
    [
      new Field("id", new Utf8(), false),
      new Field("doc_id", new Utf8(), false),
      new Field("page", new Int32(), false),
      new Field("section", new Utf8(), false),
      new Field("kind", new Utf8(), false),
      new Field("text", new Utf8(), false),
      new Field("words", new Utf8(), false),
      new Field("vector", new FixedSizeList(dims, new Field("item", new Float32(), true)), false),
    ],
    new Map([
      [MODEL_ID_KEY, modelId],
      [DIMS_KEY, String(dims)],
    ]),
  );
}

function toRow(chunk: IndexedPaperChunk): Record<string, unknown> {
  return {
    id: chunk.id,
    doc_id: chunk.doc_id,
    page: chunk.page,
    section: chunk.section,
    kind: chunk.kind,
    text: chunk.text,
    // The word index reads the section title too: "results" finds the Results section's chunks.
    words: `${chunk.section} ${chunk.text}`,
    vector: Array.from(chunk.vector),
  };
}

function fromRow(row: Record<string, unknown>, score: number): PaperHit {
  return {
    id: String(row.id),
    doc_id: String(row.doc_id),
    idx: Number(String(row.id).split(":").at(-1)),
    page: Number(row.page),
    section: String(row.section),
    kind: String(row.kind) as PaperHit["kind"],
    text: String(row.text),
    score: Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0,
  };
}

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
