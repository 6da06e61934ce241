import fs from "node:fs";
import * as lancedb from "@lancedb/lancedb";
import type { Embedder } from "../../../llm/LlmClient.js";
import { lexicalRuleScores } from "./lexicalRuleScores.js";
import { moduleQuery, type GuideChunk, type ParsedGuide } from "./guideChunks.js";

/** Chunks fetched per module query, and how many are kept when none names the module. */
export const MODULE_QUERY_K = 50;
export const MODULE_FALLBACK_TOP = 3;

/** A chunk picked for a module's review, with its similarity (0..1, higher is closer). */
export interface RetrievedRuleChunk extends GuideChunk {
  score: number;
}

export interface RuleIndexOptions {
  /** LanceDB folder for the `rules` table, normally `<dataDir>/rules-index` (apart from the knowledge tables). */
  dir: string;
  /** The embedder; a function is called on first use (the model loads lazily). Without one, or when it fails, retrieval is lexical. */
  embedder?: Embedder | (() => Promise<Embedder>);
}

const TABLE = "rules";
/** Lexical answers kept (guide × module); one guide has about ten modules. */
const LEXICAL_CACHE_MAX = 256;

/**
 * The `rules` LanceDB table: every chunk of every guide used so far, embedded once and persisted.
 * A guide is (re-)indexed lazily on first retrieval and again only when its content hash (or the
 * embedding model) changes. Per module: the brief's query, k = 50, chunks that name the module
 * sorted by score, else the top 3.
 */
export class RuleIndex {
  private db: Promise<lancedb.Connection> | undefined;
  private readonly ready = new Map<string, Promise<void>>();
  /**
   * Lexical answers per guide (name and content hash) and module: they depend on nothing else, and a docgen run asks
   * each module again every round. Bounded: guides in use are few.
   */
  private readonly lexical = new Map<string, RetrievedRuleChunk[]>();
  /** How many times a guide was embedded in this process (the re-index test counts it). */
  indexings = 0;
  /** How the last module query was answered. */
  lastMode: "vector" | "lexical" | undefined;

  constructor(private readonly options: RuleIndexOptions) {}

  /** The chunks for one module of a guide, best first. */
  async moduleChunks(guide: ParsedGuide, moduleKey: string, signal?: AbortSignal): Promise<RetrievedRuleChunk[]> {
    const module = guide.modules.find((m) => m.id === moduleKey);
    if (!module) return [];
    const query = moduleQuery(module.name);
    const embedder = await this.embedder().catch(() => undefined);
    if (!embedder) return this.lexicalChunks(guide, module.id, query, module.name);
    let scored: RetrievedRuleChunk[];
    try {
      await this.ensureIndexed(guide, embedder, signal);
      const [vector] = await embedder.embed([query], signal);
      const table = await (await this.connection()).openTable(TABLE);
      const rows = (await table
        .vectorSearch(Array.from(vector!))
        .distanceType("cosine")
        .where(`guide_hash = '${guide.hash}' AND model_id = '${sqlEscape(embedder.modelId)}'`)
        .limit(MODULE_QUERY_K)
        .toArray()) as Array<{ chunk_id: string; _distance: number }>;
      const byId = new Map(guide.chunks.map((c) => [c.id, c]));
      scored = rows.flatMap((row) => {
        const chunk = byId.get(row.chunk_id);
        return chunk ? [{ ...chunk, score: 1 - row._distance / 2 }] : [];
      });
      this.lastMode = "vector";
    } catch {
      // The embedding model or the index failed: lexical scores keep reviews working offline.
      return this.lexicalChunks(guide, module.id, query, module.name);
    }
    return pickForModule(scored, module.name);
  }

  /** Lexical retrieval (no embedding model, or it failed): computed once per guide and module. */
  private lexicalChunks(guide: ParsedGuide, moduleKey: string, query: string, moduleName: string): RetrievedRuleChunk[] {
    this.lastMode = "lexical";
    // The name too: chunk ids carry it, and two guides may share a text.
    const key = `${guide.name}\u0000${guide.hash}\u0000${moduleKey}`;
    let picked = this.lexical.get(key);
    if (!picked) {
      if (this.lexical.size >= LEXICAL_CACHE_MAX) this.lexical.delete(this.lexical.keys().next().value!);
      picked = pickForModule(lexicalScores(guide.chunks, query), moduleName);
      this.lexical.set(key, picked);
    }
    // A copy: callers may sort or filter what they get.
    return [...picked];
  }

  /** Embed and store the guide's chunks unless the table already holds this exact guide for this model. */
  async ensureIndexed(guide: ParsedGuide, embedder: Embedder, signal?: AbortSignal): Promise<void> {
    const key = `${guide.hash}:${embedder.modelId}`;
    let p = this.ready.get(key);
    if (!p) {
      p = this.index(guide, embedder, signal);
      this.ready.set(key, p);
      p.catch(() => this.ready.delete(key));
    }
    return p;
  }

  private async index(guide: ParsedGuide, embedder: Embedder, signal?: AbortSignal): Promise<void> {
    const db = await this.connection();
    const model = sqlEscape(embedder.modelId);
    const names = await db.tableNames();
    let table: lancedb.Table | undefined;
    if (names.includes(TABLE)) {
      try {
        table = await db.openTable(TABLE);
        const dims = (await table.schema()).fields.find((f) => f.name === "vector")?.type?.listSize;
        if (dims !== embedder.dimensions) {
          // Another model with other dimensions built the table: it is only an index, start over.
          table.close();
          await db.dropTable(TABLE);
          table = undefined;
        } else if ((await table.countRows(`guide_hash = '${guide.hash}' AND model_id = '${model}'`)) === guide.chunks.length && guide.chunks.length > 0) {
          return;
        }
      } catch {
        await db.dropTable(TABLE).catch(() => undefined);
        table = undefined;
      }
    }
    this.indexings++;
    const vectors = guide.chunks.length ? await embedder.embed(guide.chunks.map((c) => c.text), signal) : [];
    const rows = guide.chunks.map((c, i) => ({
      chunk_id: c.id,
      guide: c.id.split("#")[0]!,
      guide_hash: guide.hash,
      model_id: embedder.modelId,
      module_key: c.moduleKey,
      rule_id: c.ruleId,
      text: c.text,
      vector: Array.from(vectors[i]!),
    }));
    if (!rows.length) return;
    if (!table) {
      await db.createTable(TABLE, rows, { mode: "overwrite" });
      return;
    }
    // An older version of the same guide (same name) is replaced, not kept beside the new one.
    await table.delete(`guide = '${sqlEscape(guide.name)}' OR (guide_hash = '${guide.hash}' AND model_id = '${model}')`);
    await table.add(rows);
  }

  private async embedder(): Promise<Embedder | undefined> {
    const e = this.options.embedder;
    if (!e) return undefined;
    return typeof e === "function" ? e() : e;
  }

  private connection(): Promise<lancedb.Connection> {
    this.db ??= (async () => {
      fs.mkdirSync(this.options.dir, { recursive: true });
      return lancedb.connect(this.options.dir, { readConsistencyInterval: 0 });
    })();
    return this.db;
  }
}

/** Keep the chunks that name the module, best first; when none does, the top 3 by score. */
export function pickForModule(scored: RetrievedRuleChunk[], moduleName: string): RetrievedRuleChunk[] {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  const named = sorted.filter((c) => c.text.includes(moduleName));
  return named.length ? named : sorted.slice(0, MODULE_FALLBACK_TOP);
}

function lexicalScores(chunks: GuideChunk[], query: string): RetrievedRuleChunk[] {
  const scores = lexicalRuleScores(
    query,
    chunks.map((c) => ({ id: c.id, moduleId: c.moduleKey, title: "", type: "semantic" as const, body: c.text, file: "", lineStart: 0, lineEnd: 0 })),
  );
  const byId = new Map(scores.map((s) => [s.ruleId, s.score]));
  return chunks.map((c) => ({ ...c, score: byId.get(c.id) ?? 0 })).slice(0, MODULE_QUERY_K * 10);
}

function sqlEscape(s: string): string {
  return s.replace(/'/g, "''");
}
