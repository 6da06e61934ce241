import fs from "node:fs";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import type { Collection } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import { ftsIndex } from "./ftsIndexOptions.js";
import { DIMS_KEY, MODEL_ID_KEY, indexedChunkSchema, toRow, type ChunkHit, type IndexedChunk } from "./IndexedChunk.js";
import { searchChunks, type StoreSearchOptions } from "./searchChunks.js";
import { ANN_DISTANCE, annPartitions, unitCopy } from "./vectorSearch.js";
import type { StartupRepair } from "../storage/quarantine.js";
import type { RemoteLibrary } from "./LibraryLocation.js";
import { RemoteTables } from "./RemoteTables.js";
import { openRemoteTable, type RemoteTableHost } from "./openRemoteTable.js";
import { createShared } from "./createShared.js";

export type { SearchMode, StoreSearchOptions } from "./searchChunks.js";

export interface KnowledgeStoreOptions {
  /** The LanceDB directory, normally `<dataDir>/lancedb`. */
  dir: string;
  /** Told when a damaged table was kept aside and rebuilt (the engine lists it in `health.repairs`). */
  onRepair?: (repair: StartupRepair) => void;
  /**
   * The embedding model the vectors come from. A table built by another model is refused (a
   * `conflict` naming both models and offering a re-index): vectors of two models never mix, and
   * re-embedding a library is the user's call. Derived tables (see `rebuildOnModelChange`) are
   * re-created and refilled instead.
   */
  modelId: string;
  dimensions: number;
  /**
   * Called after a table was (re-)created empty because it was missing, corrupt or built by another
   * model: refill it from app.db (the Ingestor does). Runs once per table per store.
   */
  rebuild?: (collection: Collection) => Promise<void>;
  /** Collections re-created and refilled on a model change instead of refused; default: `rules` (rebuilt from the rule files). */
  rebuildOnModelChange?: (collection: Collection) => boolean;
  /** Writes between `optimize()` calls (compaction + FTS refresh). Default 20. */
  optimizeEvery?: number;
  /**
   * Rows from which a table gets an ANN vector index (HNSW over 8-bit scalar-quantised vectors, searched with refine), built in the
   * background after the write that crossed it; below it the flat scan is exact and fast enough.
   * Default {@link ANN_THRESHOLD}; `Infinity` never builds one.
   */
  annThreshold?: number;
  /**
   * Collections whose table lives on object storage (`s3://bucket/prefix`) instead of `dir`. A
   * shared table is never dropped or re-created here: a missing one is created only by the
   * writer, a damaged or other-model one is reported, and a reader refuses every write.
   */
  remote?: Partial<Record<Collection, RemoteLibrary>>;
}

/** Default row count for the ANN index: under it a flat scan is exact and quick enough. */
export const ANN_THRESHOLD = 65_536;
/**
 * Graph degree: 32 instead of LanceDB's 20. One bench build with 20 still missed the doc that IVF
 * missed (vectorSearch.ts, 0.19);
 * with 32 the exact top-5 overlap rose from 0.87 to 0.95 on the same table, build time unchanged.
 */
const ANN_M = 32;
const ANN_INDEX_TYPE = "IVF_HNSW_SQ";
const VECTOR_INDEX = "vector_idx";

/**
 * The LanceDB index over the chunks, one table per collection. It is only an index: sources and
 * chunk texts live in app.db, so a table that cannot be opened, or that was built by another
 * embedding model, is dropped, re-created and refilled through the `rebuild` hook.
 */
export class KnowledgeStore {
  private readonly tables = new Map<Collection, Promise<lancedb.Table>>();
  /** The collections on object storage (the team library) and their connections. */
  private readonly remotes: RemoteTables;
  private readonly writes = new Map<Collection, number>();
  /** Per table: the background ANN build in progress, and the row count it was trained on. */
  private readonly ann = new Map<Collection, { building: Promise<void> | null; trainedRows: number }>();
  /** ANN builds that failed (searches stay flat, which is still correct); for logs and tests. */
  readonly indexErrors: Array<{ collection: Collection; error: string }> = [];
  /** Tables re-created in this process, with the reason; for logs and tests. */
  readonly recreated: Array<{ collection: Collection; reason: string }> = [];

  private constructor(
    private readonly db: lancedb.Connection,
    private readonly options: KnowledgeStoreOptions,
  ) {
    this.remotes = new RemoteTables(options.remote);
  }

  static async open(options: KnowledgeStoreOptions): Promise<KnowledgeStore> {
    if (!Number.isInteger(options.dimensions) || options.dimensions <= 0) {
      throw new ScriptoriumError("bad_request", `Invalid embedding dimensions: ${options.dimensions}.`);
    }
    fs.mkdirSync(options.dir, { recursive: true });
    // Interval 0: every read sees the latest commit, also from other handles.
    const db = await lancedb.connect(options.dir, { readConsistencyInterval: 0 });
    return new KnowledgeStore(db, options);
  }

  get modelId(): string {
    return this.options.modelId;
  }

  get dimensions(): number {
    return this.options.dimensions;
  }

  /** Replaces the chunks of the given sources by `chunks` (one delete + one batched add). */
  async replaceSources(collection: Collection, sourceIds: string[], chunks: IndexedChunk[]): Promise<void> {
    for (const chunk of chunks) this.assertVector(chunk);
    this.assertWritable(collection, "import into");
    const table = await this.table(collection);
    const rows = chunks.map((chunk) => toRow({ ...chunk, vector: unitCopy(chunk.vector) }));
    await this.write(collection, async () => {
      if (sourceIds.length > 0) await table.delete(sourceFilter(sourceIds));
      if (rows.length > 0) await table.add(rows);
    });
    await this.afterWrite(collection, table);
  }

  /** Appends chunks; vectors are validated first because LanceDB silently pads short ones. */
  async add(collection: Collection, chunks: IndexedChunk[]): Promise<void> {
    await this.replaceSources(collection, [], chunks);
  }

  async deleteSources(collection: Collection, sourceIds: string[]): Promise<void> {
    if (sourceIds.length === 0) return;
    this.assertWritable(collection, "delete from");
    const table = await this.table(collection);
    await this.write(collection, () => table.delete(sourceFilter(sourceIds)));
    await this.afterWrite(collection, table);
  }

  async count(collection: Collection, where?: string): Promise<number> {
    return this.read(collection, async () => (await this.table(collection)).countRows(where));
  }

  /** Every chunk of a collection as `id` + text, sorted by id (tests compare index contents). */
  async chunkTexts(collection: Collection): Promise<Array<{ id: string; text: string }>> {
    const rows = (await (await this.table(collection)).query().select(["id", "text"]).toArray()) as Array<{ id: string; text: string }>;
    return rows.map((row) => ({ id: String(row.id), text: String(row.text) })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Drops the table and creates it empty (no rebuild hook): used by a full re-index. */
  async clear(collection: Collection): Promise<void> {
    this.remotes.assertDroppable(collection);
    await this.whenIndexed(collection);
    this.ann.delete(collection);
    this.tables.delete(collection);
    await this.dropTable(collection);
    const table = this.createTable(collection);
    this.tables.set(collection, table);
    await table;
  }

  /**
   * Top-k chunks for a query. `hybrid` fuses cosine vector search and bigram FTS with reciprocal
   * rank fusion; `vector` scores 1 − cosine distance / 2; `fts` scores BM25 divided by the best one.
   * All scores are 0..1.
   */
  async search(
    collection: Collection,
    query: { text: string; vector?: Float32Array },
    options: StoreSearchOptions,
  ): Promise<ChunkHit[]> {
    return this.read(collection, async () =>
      searchChunks(await this.table(collection), query, {
        ...options,
        annRows: this.ann.get(collection)?.trainedRows ?? 0,
        checkVector: (vector) => this.assertVector({ id: "(query)", vector }),
      }),
    );
  }

  /** Compacts fragments, folds new rows into the FTS index and prunes versions older than a day. */
  async optimize(collection: Collection): Promise<void> {
    this.assertWritable(collection, "compact");
    const table = await this.table(collection);
    await this.write(collection, () => table.optimize({ cleanupOlderThan: new Date(Date.now() - 24 * 3600_000) }));
    this.writes.set(collection, 0);
  }

  /** The remote location of a collection, or undefined for a local table. */
  remoteOf(collection: Collection): RemoteLibrary | undefined {
    return this.remotes.remoteOf(collection);
  }

  close(): void {
    for (const pending of this.tables.values()) {
      void pending.then((table) => table.close()).catch(() => undefined);
    }
    this.tables.clear();
    this.db.close();
    this.remotes.close();
  }

  private assertVector(chunk: { id: string; vector: Float32Array }): void {
    const dims = this.options.dimensions;
    if (chunk.vector.length !== dims) {
      throw new ScriptoriumError(
        "bad_request",
        `Vector dimension mismatch for chunk ${chunk.id}: expected ${dims}, got ${chunk.vector.length}.`,
      );
    }
    if (!chunk.vector.every(Number.isFinite)) {
      throw new ScriptoriumError("bad_request", `Vector of chunk ${chunk.id} contains NaN or infinity.`);
    }
  }

  private async afterWrite(collection: Collection, table: lancedb.Table): Promise<void> {
    const writes = (this.writes.get(collection) ?? 0) + 1;
    this.writes.set(collection, writes);
    if (writes >= (this.options.optimizeEvery ?? 20)) {
      await this.write(collection, () => table.optimize({ cleanupOlderThan: new Date(Date.now() - 24 * 3600_000) }));
      this.writes.set(collection, 0);
    }
    this.scheduleVectorIndex(collection, table);
  }

  /**
   * Resolves when no ANN build is running for the table (at once when none was started). The app
   * never waits for it — searches are correct meanwhile; tests and the benchmark do.
   */
  async whenIndexed(collection: Collection): Promise<void> {
    await this.ann.get(collection)?.building;
  }

  /**
   * Build the ANN index now if the table has at least `minRows` rows and none is current (the
   * benchmark compares flat and indexed search on one table this way); resolves when done.
   */
  async ensureVectorIndex(collection: Collection, minRows = this.options.annThreshold ?? ANN_THRESHOLD): Promise<void> {
    this.assertWritable(collection, "build an index on");
    await this.whenIndexed(collection);
    this.scheduleVectorIndex(collection, await this.table(collection), minRows);
    await this.whenIndexed(collection);
  }

  /** Whether the table's vector searches use the ANN index now. */
  hasVectorIndex(collection: Collection): boolean {
    return (this.ann.get(collection)?.trainedRows ?? 0) > 0;
  }

  /**
   * Start the background ANN build once the table passes the threshold, and retrain when it
   * has doubled since (partitions sized for the old count get crowded; rows added in between are
   * folded into the existing index by optimize()). One build per table at a time.
   */
  private scheduleVectorIndex(collection: Collection, table: lancedb.Table, threshold = this.options.annThreshold ?? ANN_THRESHOLD): void {
    if (!Number.isFinite(threshold) || this.remoteOf(collection)?.role === "reader") return;
    const state = this.ann.get(collection) ?? { building: null, trainedRows: 0 };
    this.ann.set(collection, state);
    if (state.building) return;
    state.building = (async () => {
      const rows = await table.countRows();
      if (rows < threshold || (state.trainedRows > 0 && rows < state.trainedRows * 2)) return;
      await this.write(collection, () =>
        table.createIndex("vector", {
          config: lancedb.Index.hnswSq({ distanceType: ANN_DISTANCE, numPartitions: annPartitions(rows), m: ANN_M }),
          replace: true,
          name: VECTOR_INDEX,
        }),
      );
      state.trainedRows = rows;
    })()
      .catch((error: unknown) => {
        // The flat scan still answers every query; the next write tries again.
        this.indexErrors.push({ collection, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        state.building = null;
      });
  }

  /** The open table; opened, validated, and re-created + rebuilt when needed, once per store. */
  private table(collection: Collection): Promise<lancedb.Table> {
    let pending = this.tables.get(collection);
    if (!pending) {
      pending = this.openOrRecreate(collection);
      this.tables.set(collection, pending);
      pending.catch(() => this.tables.delete(collection));
    }
    return pending;
  }

  private async openOrRecreate(collection: Collection): Promise<lancedb.Table> {
    const remote = this.remoteOf(collection);
    if (remote) return openRemoteTable(this.remoteHost(), collection, remote);
    const reason = await this.tryOpen(collection);
    if (typeof reason !== "string") return reason;
    const rebuildOnChange = this.options.rebuildOnModelChange ?? ((name: Collection) => name === "rules");
    if (reason.startsWith("model changed") && !rebuildOnChange(collection)) {
      throw new ScriptoriumError(
        "conflict",
        `The ${collection} index was built with another embedding model (${reason.slice("model changed: ".length)}); ` +
          `its vectors cannot be searched or extended with this one. Re-index the ${collection} collection ` +
          `(knowledge.reindex, 设置 → 知识库 → 重建索引) to rebuild it with the current model, or switch the embedding model back.`,
        { collection, action: "knowledge.reindex" },
      );
    }
    this.recreated.push({ collection, reason });
    if (reason.startsWith("corrupt")) this.keepDamagedCopy(collection, reason);
    await this.dropTable(collection);
    const table = await this.createTable(collection);
    // The rebuild writes through `this.table()`, so publish the new handle before running it.
    this.tables.set(collection, Promise.resolve(table));
    // Also for a missing table: the lancedb folder may have been deleted while app.db kept the chunks.
    if (this.options.rebuild) await this.options.rebuild(collection);
    return table;
  }

  /** What opening a shared table needs of this store. */
  private remoteHost(): RemoteTableHost {
    return {
      remotes: this.remotes,
      modelId: this.options.modelId,
      tryOpen: (collection) => this.tryOpen(collection),
      createTable: (collection, mode) => this.createTable(collection, mode),
      setTable: (collection, table) => {
        if (table) this.tables.set(collection, Promise.resolve(table));
        else this.tables.delete(collection);
      },
      rebuild: this.options.rebuild,
    };
  }

  /** The table, or why it must be (re-)created: `new`, `corrupt: …`, `model changed: …`. */
  private async tryOpen(collection: Collection): Promise<lancedb.Table | string> {
    const db = await this.connection(collection);
    const names = await db.tableNames();
    if (!names.includes(collection)) return "new";
    let table: lancedb.Table | undefined;
    try {
      table = await db.openTable(collection);
      const schema = await table.schema();
      await table.countRows();
      const modelId = schema.metadata.get(MODEL_ID_KEY);
      const dims = Number(schema.metadata.get(DIMS_KEY));
      if (modelId !== this.options.modelId || dims !== this.options.dimensions) {
        table.close();
        return `model changed: ${modelId ?? "?"}/${dims} → ${this.options.modelId}/${this.options.dimensions}`;
      }
      // An index built by an earlier run is used from the start.
      // (One of another kind or distance — an earlier IVF-PQ — is not used: the next write past the
      // threshold replaces it.)
      const stats = await table.indexStats(VECTOR_INDEX).catch(() => undefined);
      if (stats && stats.indexType === ANN_INDEX_TYPE && (stats.distanceType ?? ANN_DISTANCE).toLowerCase() === ANN_DISTANCE) {
        this.ann.set(collection, { building: null, trainedRows: stats.numIndexedRows });
      }
      return table;
    } catch (error) {
      table?.close();
      return `corrupt: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
    }
  }

  private async createTable(collection: Collection, mode: "overwrite" | "create" = "overwrite"): Promise<lancedb.Table> {
    const schema = indexedChunkSchema(this.options.dimensions, this.options.modelId);
    const db = await this.connection(collection);
    const table = mode === "create" ? await createShared(db, collection, schema) : await db.createEmptyTable(collection, schema, { mode });
    // Rows added later are still searched (unindexed fragments are scanned); optimize folds them in.
    const indices = await table.listIndices();
    if (!indices.some((index) => index.columns.includes("text"))) await table.createIndex("text", { config: ftsIndex(), replace: true });
    return table;
  }

  /** The LanceDB connection a collection's table lives on. */
  private connection(collection: Collection): Promise<lancedb.Connection> {
    return this.remotes.connection(collection, this.db);
  }

  /** A reader's write is refused before anything is sent to the store. */
  assertWritable(collection: Collection, action: string): void {
    this.remotes.assertWritable(collection, action);
  }

  /** A commit: retried with backoff on a commit conflict (remote tables); store errors become typed ones. */
  private write<T>(collection: Collection, commit: () => Promise<T>): Promise<T> {
    return this.remotes.write(collection, commit);
  }

  /** A read of a remote table: an unreachable store becomes an `unavailable` naming the location. */
  private read<T>(collection: Collection, work: () => Promise<T>): Promise<T> {
    return this.remotes.read(collection, work);
  }

  /** The damaged table is copied beside the lancedb folder (`lancedb.corrupt-<time>/`) before it is rebuilt. */
  private keepDamagedCopy(collection: Collection, reason: string): void {
    const source = path.join(this.options.dir, `${collection}.lance`);
    const keptAs = path.join(`${this.options.dir}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`, `${collection}.lance`);
    try {
      fs.cpSync(source, keptAs, { recursive: true });
      console.warn(`[KnowledgeStore] ${collection} table is damaged; kept as ${keptAs}, rebuilding from app.db`);
      this.options.onRepair?.({ file: source, problem: reason, keptAs, action: `rebuilt the ${collection} index from the chunks in app.db` });
    } catch (error) {
      console.warn(`[KnowledgeStore] ${collection} table is damaged and could not be copied aside: ${(error as Error).message}`);
    }
  }

  private async dropTable(collection: Collection): Promise<void> {
    try {
      await this.db.dropTable(collection);
    } catch {
      // A table too damaged to drop is removed from disk; the index is rebuildable by design.
      fs.rmSync(path.join(this.options.dir, `${collection}.lance`), { recursive: true, force: true });
    }
  }
}

function sourceFilter(sourceIds: string[]): string {
  return `source_id IN (${sourceIds.map((id) => `'${id.replace(/'/g, "''")}'`).join(", ")})`;
}
