/** A cross-encoder that scores (query, passage) pairs; higher is more relevant. */
export interface Reranker {
  rank(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}
