import type { MethodOutput, MethodParsedInput } from "../../../shared/api.js";
import type { Embedder } from "../llm/LlmClient.js";

type Ok = { ok: true };

export interface KnowledgePort {
  ingest(input: MethodParsedInput<"knowledge.ingest">): Promise<MethodOutput<"knowledge.ingest">>;
  search(input: MethodParsedInput<"knowledge.search">): Promise<MethodOutput<"knowledge.search">>;
  sources(input: MethodParsedInput<"knowledge.sources">): Promise<MethodOutput<"knowledge.sources">>;
  deleteSource(input: MethodParsedInput<"knowledge.deleteSource">): Promise<Ok>;
  reindex(input: MethodParsedInput<"knowledge.reindex">): Promise<MethodOutput<"knowledge.reindex">>;
  /** The knowledge layer's embedder, loaded on first call; workflows' own indexes share it (one model load). */
  embedder?(): Promise<Embedder>;
  dispose?(): Promise<void> | void;
}
