import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Collection } from "../shared/knowledge.js";
import { ANN_THRESHOLD, KnowledgeStore, type SearchMode } from "../electron/engine/knowledge/KnowledgeStore.js";
import type { IndexedChunk } from "../electron/engine/knowledge/IndexedChunk.js";
import { HashEmbedder } from "../tests/knowledge/HashEmbedder.js";
import { ZH_DOCS, ZH_QUERIES } from "../tests/fixtures/zhRetrievalSet.js";
import { onGlibc, webMallocTunables } from "./lib/mallocTunables.js";
import { percentile, sideBySide } from "./lib/sideBySide.js";
import type { BenchContext, GroupResult } from "./lib/types.js";
import { emptyResult } from "./lib/types.js";

const COLLECTION: Collection = "library";
const execFileAsync = promisify(execFile);

/**
 * Retrieval quality and speed of the LanceDB hybrid store. No neural embedding model can be
 * downloaded here, so the vector side is a hashed character-bigram embedder: it measures the
 * store and the fusion, not a model's semantics (the notes say so next to the figures).
 */
export async function retrievalBench(ctx: BenchContext): Promise<GroupResult> {
  const result = emptyResult();
  const embedder = new HashEmbedder(256, "hash-bigram-256");
  await recall(ctx, embedder, result);
  for (const size of ctx.quick ? [10_000] : [10_000, 100_000]) await latency(ctx, embedder, size, result);
  if (ctx.quick) {
    for (const name of ["retrieval.p50_ms_100k", "retrieval.p95_ms_100k"]) {
      result.metrics[name] = null;
      result.reasons[name] = "full mode only (building a 100k-chunk table takes minutes on 2 cores)";
    }
  }
  result.notes.push("vector side: hashed character-bigram embedder (256 dims), no neural embedding model offline");
  return result;
}

async function recall(ctx: BenchContext, embedder: HashEmbedder, result: GroupResult): Promise<void> {
  const store = await KnowledgeStore.open({ dir: path.join(ctx.tmpDir, "recall"), modelId: embedder.modelId, dimensions: embedder.dimensions });
  try {
    const vectors = await embedder.embed(ZH_DOCS.map((doc) => doc.text));
    await store.add(COLLECTION, ZH_DOCS.map((doc, i) => chunk(doc.id, doc.text, vectors[i]!)));
    await store.optimize(COLLECTION);
    for (const mode of ["hybrid", "vector", "fts"] as const) {
      let sum = 0;
      for (const query of ZH_QUERIES) {
        const ids = new Set((await search(store, embedder, query.query, mode, 5)).map((hit) => hit.id));
        sum += query.relevant.filter((id) => ids.has(id)).length / query.relevant.length;
      }
      result.metrics[`retrieval.recall5_${mode}`] = sum / ZH_QUERIES.length;
    }
    result.notes.push(`recall@5 on ${ZH_DOCS.length} Chinese docs / ${ZH_QUERIES.length} labelled queries (exact-term and paraphrase)`);
  } finally {
    store.close();
  }
}

/**
 * Hybrid latency over `size` chunks (the labelled docs among them). From the ANN threshold up the
 * table is measured twice: flat (before the index exists) and with the ANN index (HNSW-SQ) built in the
 * background after ingest — latency and recall@5 on the labelled queries, which must not drop.
 */
export async function latency(ctx: BenchContext, embedder: HashEmbedder, size: number, result: GroupResult): Promise<void> {
  const dir = path.join(ctx.tmpDir, `latency-${size}`);
  const open = (annThreshold: number) =>
    KnowledgeStore.open({ dir, modelId: embedder.modelId, dimensions: embedder.dimensions, optimizeEvery: 1_000_000, annThreshold });
  let store = await open(Number.POSITIVE_INFINITY);
  try {
    const batch = 5_000;
    const started = performance.now();
    const labelled = await embedder.embed(ZH_DOCS.map((doc) => doc.text));
    await store.add(COLLECTION, ZH_DOCS.map((doc, i) => chunk(doc.id, doc.text, labelled[i]!)));
    for (let offset = 0; offset < size; offset += batch) {
      const texts = Array.from({ length: Math.min(batch, size - offset) }, (_, i) => syntheticText(offset + i));
      const vectors = await embedder.embed(texts);
      await store.add(COLLECTION, texts.map((text, i) => chunk(`c${offset + i}`, text, vectors[i]!)));
    }
    await store.optimize(COLLECTION);
    const seconds = (performance.now() - started) / 1000;
    if (size === 10_000) result.metrics["retrieval.ingest_chunks_per_s"] = size / seconds;
    const label = size >= 100_000 ? "100k" : "10k";
    const flat = await measure(ctx, store, embedder);
    let line = `${label}: ${size} chunks indexed in ${seconds.toFixed(1)} s (embed + write + optimize); ${flat.samples} hybrid queries; flat p50 ${flat.p50.toFixed(1)} / p95 ${flat.p95.toFixed(1)} ms, recall@5 hybrid ${flat.recallHybrid.toFixed(2)} / vector ${flat.recallVector.toFixed(2)}`;
    if (size === 10_000) await coldProcesses(ctx, dir, embedder, result);
    let final = flat;
    if (size + ZH_DOCS.length >= ANN_THRESHOLD) {
      store.close();
      store = await open(ANN_THRESHOLD);
      const t = performance.now();
      await store.ensureVectorIndex(COLLECTION);
      if (!store.hasVectorIndex(COLLECTION)) throw new Error(`ANN index not built: ${store.indexErrors.map((e) => e.error).join("; ")}`);
      const built = (performance.now() - t) / 1000;
      final = await measure(ctx, store, embedder);
      line += `; with HNSW-SQ (built in ${built.toFixed(0)} s): p50 ${final.p50.toFixed(1)} / p95 ${final.p95.toFixed(1)} ms, recall@5 hybrid ${final.recallHybrid.toFixed(2)} / vector ${final.recallVector.toFixed(2)}`;
    }
    result.metrics[`retrieval.p50_ms_${label}`] = final.p50;
    result.metrics[`retrieval.p95_ms_${label}`] = final.p95;
    result.notes.push(line);
  } finally {
    store.close();
  }
}

/**
 * `retrieval.malloc_tunables_speedup_10k`: p95 of a fresh process's first 72 hybrid searches (the
 * labelled queries twice) on the 10k table with glibc's default malloc over the same with the Node
 * hosts' settings (`npm run web`'s GLIBC_TUNABLES), both processes started side by side. Full mode
 * only: each pair takes ~7 s, and the quick bench must stay under 4 minutes. Elsewhere than glibc
 * the setting does not exist and the metric is null.
 */
async function coldProcesses(ctx: BenchContext, dir: string, embedder: HashEmbedder, result: GroupResult): Promise<void> {
  const key = "retrieval.malloc_tunables_speedup_10k";
  if (ctx.quick) {
    result.metrics[key] = null;
    result.reasons[key] = "full mode only (fresh processes side by side, ~7 s a pair)";
    return;
  }
  if (!onGlibc()) {
    result.metrics[key] = null;
    result.reasons[key] = "not glibc: GLIBC_TUNABLES does not apply";
    return;
  }
  const script = path.join(import.meta.dirname, "coldSearch.ts");
  const runs: Record<string, Array<{ p50: number; p95: number; faults: number }>> = { defaults: [], tuned: [] };
  const cold = (variant: "defaults" | "tuned") => async () => {
    // An empty GLIBC_TUNABLES is glibc's defaults, whatever this process was started with.
    const env = { ...process.env, GLIBC_TUNABLES: variant === "tuned" ? webMallocTunables() : "" };
    const { stdout } = await execFileAsync(process.execPath, ["--import", "tsx", script, dir, String(embedder.dimensions)], { env, timeout: 120_000 });
    const run = JSON.parse(stdout.trim().split("\n").at(-1)!) as { p50: number; p95: number; faults: number };
    runs[variant]!.push(run);
    return run.p95;
  };
  const compared = await sideBySide(3, cold("defaults"), cold("tuned"));
  result.metrics[key] = compared.ratio;
  const summary = (variant: string) =>
    runs[variant]!.map((run) => `p50 ${run.p50.toFixed(1)} / p95 ${run.p95.toFixed(1)} ms, ${run.faults} faults`).join("; ");
  result.notes.push(`10k, fresh process, first ${ZH_QUERIES.length * 2} hybrid searches: glibc defaults ${summary("defaults")} | Node hosts' malloc settings ${summary("tuned")}`);
}

/** Hybrid latency percentiles, and recall@5 of the labelled queries among all the chunks. */
async function measure(ctx: BenchContext, store: KnowledgeStore, embedder: HashEmbedder) {
  const samples: number[] = [];
  const rounds = ctx.quick ? 2 : 4;
  // Warm-up: the first query opens index files.
  await search(store, embedder, ZH_QUERIES[0]!.query, "hybrid", 5);
  let recallHybrid = 0;
  let recallVector = 0;
  for (let r = 0; r < rounds; r++) {
    for (const query of ZH_QUERIES) {
      const t = performance.now();
      const hits = await search(store, embedder, query.query, "hybrid", 5);
      samples.push(performance.now() - t);
      if (r > 0) continue;
      const found = (ids: Set<string>) => query.relevant.filter((id) => ids.has(id)).length / query.relevant.length;
      recallHybrid += found(new Set(hits.map((hit) => hit.id)));
      recallVector += found(new Set((await search(store, embedder, query.query, "vector", 5)).map((hit) => hit.id)));
    }
  }
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    samples: samples.length,
    recallHybrid: recallHybrid / ZH_QUERIES.length,
    recallVector: recallVector / ZH_QUERIES.length,
  };
}

async function search(store: KnowledgeStore, embedder: HashEmbedder, text: string, mode: SearchMode, limit: number) {
  const vector = mode === "fts" ? undefined : embedder.vector(text);
  return store.search(COLLECTION, { text, ...(vector ? { vector } : {}) }, { mode, limit });
}

function chunk(id: string, text: string, vector: Float32Array): IndexedChunk {
  return { id, sourceId: id, text, headingPath: "", meta: {}, page: null, lineStart: null, lineEnd: null, lang: "zh", vector };
}

/** Deterministic Chinese filler: three sentences drawn from the labelled docs, numbered so no two are equal. */
function syntheticText(i: number): string {
  const a = ZH_DOCS[i % ZH_DOCS.length]!;
  const b = ZH_DOCS[(i * 7 + 3) % ZH_DOCS.length]!;
  const c = ZH_DOCS[(i * 13 + 5) % ZH_DOCS.length]!;
  return `第${i}段。${a.text.slice(0, 40)}${b.text.slice(10, 50)}${c.title}相关记录。`;
}
