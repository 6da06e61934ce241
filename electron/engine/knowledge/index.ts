/** The knowledge layer's public API, for the engine integrator and other services. */
export { EmbeddingService, type EmbeddingServiceOptions } from "./EmbeddingService.js";
export { EmbeddingCache, contentHash } from "./EmbeddingCache.js";
export { KnowledgeStore, type KnowledgeStoreOptions, type SearchMode, type StoreSearchOptions } from "./KnowledgeStore.js";
export type { ChunkHit, IndexedChunk } from "./IndexedChunk.js";
export { Ingestor, sourceId, type ExternalChunk, type IngestOptions, type IngestProgress, type IngestReport } from "./Ingestor.js";
export { KnowledgeService, type KnowledgeServiceOptions, type TaskCallbacks } from "./KnowledgeService.js";
export { LibraryProvider, type ChunkSearcher } from "./LibraryProvider.js";
export { createKnowledgePort, type KnowledgePortHandle, type KnowledgePortOptions } from "./createKnowledgePort.js";
export { ensureKnowledgeTables } from "./knowledgeTables.js";
export { FTS_LANGUAGES, ftsIndex, sanitizeFtsQuery } from "./ftsIndexOptions.js";
export { documentKind, loadDocument, type DocumentKind } from "./ingest/loadDocument.js";
export { chunkMarkdown } from "./ingest/chunkMarkdown.js";
