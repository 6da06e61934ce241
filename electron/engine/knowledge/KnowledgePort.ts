import type { MethodOutput, MethodParsedInput } from "../../../shared/api.js";
import type { Embedder } from "../llm/LlmClient.js";

type Ok = { ok: true };

export interface KnowledgePort {
  ingest(input: MethodParsedInput<"knowledge.ingest">): Promise<MethodOutput<"knowledge.ingest">>;
  search(input: MethodParsedInput<"knowledge.search">): Promise<MethodOutput<"knowledge.search">>;
  sources(input: MethodParsedInput<"knowledge.sources">): Promise<MethodOutput<"knowledge.sources">>;
  deleteSource(input: MethodParsedInput<"knowledge.deleteSource">): Promise<Ok>;
  reindex(input: MethodParsedInput<"knowledge.reindex">): Promise<MethodOutput<"knowledge.reindex">>;
  /** Folder-bound collections; optional so a port without them answers `unavailable`. */
  bindFolder?(input: MethodParsedInput<"knowledge.bindFolder">): Promise<MethodOutput<"knowledge.bindFolder">>;
  unbindFolder?(input: MethodParsedInput<"knowledge.unbindFolder">): Promise<MethodOutput<"knowledge.unbindFolder">>;
  pauseFolder?(input: MethodParsedInput<"knowledge.pauseFolder">): Promise<MethodOutput<"knowledge.pauseFolder">>;
  resumeFolder?(input: MethodParsedInput<"knowledge.resumeFolder">): Promise<MethodOutput<"knowledge.resumeFolder">>;
  folders?(): Promise<MethodOutput<"knowledge.folders">>;
  /** The knowledge layer's embedder, loaded on first call; workflows' own indexes share it (one model load). */
  embedder?(): Promise<Embedder>;
  dispose?(): Promise<void> | void;
}
