/**
 * `node --import tsx bench/coldSearch.ts <dir> <dimensions>`: a fresh process's first hybrid
 * searches on the bench's LanceDB table — as a user's first searches after starting `npm run web`
 * — printed as one JSON line {p50, p95, faults}. retrievalBench starts it with and without the
 * Node hosts' malloc settings (the caller sets GLIBC_TUNABLES).
 */
import { KnowledgeStore } from "../electron/engine/knowledge/KnowledgeStore.js";
import { HashEmbedder } from "../tests/knowledge/HashEmbedder.js";
import { ZH_QUERIES } from "../tests/fixtures/zhRetrievalSet.js";
import { percentile } from "./lib/sideBySide.js";

const [dir, dimensions] = process.argv.slice(2);
if (!dir || !dimensions) throw new Error("usage: coldSearch.ts <dir> <dimensions>");
const embedder = new HashEmbedder(Number(dimensions), `hash-bigram-${dimensions}`);
const store = await KnowledgeStore.open({ dir, modelId: embedder.modelId, dimensions: embedder.dimensions, annThreshold: Number.POSITIVE_INFINITY });
try {
  const samples: number[] = [];
  const faults = process.resourceUsage().minorPageFault;
  for (let round = 0; round < 2; round++) {
    for (const query of ZH_QUERIES) {
      const started = performance.now();
      await store.search("library", { text: query.query, vector: embedder.vector(query.query) }, { mode: "hybrid", limit: 5 });
      samples.push(performance.now() - started);
    }
  }
  process.stdout.write(`${JSON.stringify({ p50: percentile(samples, 50), p95: percentile(samples, 95), faults: process.resourceUsage().minorPageFault - faults })}\n`);
} finally {
  store.close();
}
