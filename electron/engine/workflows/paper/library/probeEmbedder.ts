import type { Embedder } from "../../../llm/LlmClient.js";
import type { PaperIndex } from "./PaperIndex.js";
import type { PaperChunk } from "./PaperRepository.js";

/** Passages the probe asks about: enough to tell a working embedder from noise, cheap enough to run once. */
const PROBES = 8;

/**
 * How well the embedder finds passages of this paper (0..1), measured once per model and paper:
 * for a few evenly spaced body chunks, the middle third of the chunk's words is embedded and the
 * vector search must return that chunk among its top 3. The hit rate is rescaled so chance (3 of N
 * chunks) counts 0. Retrieval weights the vector ranking by it, so a model that cannot find a
 * passage from its own words cannot bury what the keyword indexes found.
 */
export async function probeEmbedder(embedder: Embedder, index: PaperIndex, docId: string, chunks: PaperChunk[], signal?: AbortSignal): Promise<number> {
  const body = chunks.filter((chunk) => chunk.kind === "body" && chunk.text.length >= 120);
  if (body.length < 4) return 1;
  const picked = Array.from({ length: Math.min(PROBES, body.length) }, (_, i) => body[Math.floor((i * body.length) / Math.min(PROBES, body.length))]!);
  const queries = picked.map((chunk) => {
    const words = chunk.text.split(/\s+/);
    // CJK text has few spaces: take the middle third of its characters instead.
    if (words.length < 9) return chunk.text.slice(Math.floor(chunk.text.length / 3), Math.floor((2 * chunk.text.length) / 3));
    return words.slice(Math.floor(words.length / 3), Math.floor((2 * words.length) / 3)).join(" ");
  });
  const vectors = await embedder.embed(queries, signal);
  let hits = 0;
  for (const [i, chunk] of picked.entries()) {
    const found = await index.nearest(vectors[i]!, [docId], 3);
    if (found.some((hit) => hit.id === chunk.id)) hits++;
  }
  const total = chunks.filter((chunk) => chunk.kind !== "reference").length;
  const chance = Math.min(1, 3 / Math.max(1, total));
  if (chance >= 1) return 1;
  return Math.max(0, Math.min(1, (hits / picked.length - chance) / (1 - chance)));
}
