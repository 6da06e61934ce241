import fs from "node:fs";
import path from "node:path";
import { ENGINE_LLAMA_LOG_LEVEL, llamaStderrLogger } from "../llm/llamaStderrLogger.js";
import { getLlama, type LlamaModel, type LlamaRankingContext } from "node-llama-cpp";
import type { Reranker } from "./Reranker.js";

/** The catalog's reranker file (models/catalog.json `bge-reranker-v2-m3-q8_0`). */
export const RERANKER_FILE = "bge-reranker-v2-m3-Q8_0.gguf";

/** The catalog reranker's loader, plus `dispose` for the ranking context and model it loaded. */
export type CatalogReranker = (() => Promise<Reranker | undefined>) & { dispose(): Promise<void> };

/**
 * A cross-encoder reranker on node-llama-cpp's ranking context, loaded on first use and only when
 * the catalog's reranker file is installed in the models folder; otherwise there is none and
 * retrieval keeps its RRF order. A file that fails to load counts as none (until `dispose`).
 */
export function catalogReranker(modelsDir: string, threads: () => number): CatalogReranker {
  let loading: Promise<{ model: LlamaModel; context: LlamaRankingContext } | undefined> | undefined;
  const load = async (): Promise<Reranker | undefined> => {
    const file = path.join(modelsDir, RERANKER_FILE);
    if (!fs.existsSync(file)) return undefined;
    loading ??= (async () => {
      const llama = await getLlama({ build: "never", gpu: false, maxThreads: Math.max(1, threads()), logLevel: ENGINE_LLAMA_LOG_LEVEL, logger: llamaStderrLogger });
      const model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
      // Threads as the settings say: the ranking context would default to 6 (oversubscribing small machines).
      return { model, context: await model.createRankingContext({ contextSize: 1024, threads: Math.max(1, threads()) }) };
    })().catch(() => undefined);
    const loaded = await loading;
    if (!loaded) return undefined;
    return {
      // Passages are cut: a reranker judges the start of a passage, and long inputs overflow its context.
      rank: (query, passages) => loaded.context.rankAll(query.slice(0, 300), passages.map((p) => p.slice(0, 1200))),
    };
  };
  return Object.assign(load, {
    async dispose(): Promise<void> {
      const loaded = await loading;
      loading = undefined;
      if (!loaded) return;
      await loaded.context.dispose();
      await loaded.model.dispose();
    },
  });
}
