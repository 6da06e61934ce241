/** Which of the paper index's searches found a passage. */
export type Retriever = "vector" | "bigram" | "words";

export interface RankedList<T extends { id: string; score: number }> {
  retriever: Retriever;
  /** Best first, with the search's own score (cosine similarity, or BM25 normalised to the top hit). */
  items: T[];
  /** What this list's vote is worth before its own score distribution is read (the embedder's measured quality for vectors). */
  weight: number;
}

/**
 * How decisively a list ranks its top hit: the share of the top score that the rest of the list
 * (its median) does not reach. A keyword search that matched a rare term or a number has one or a
 * few hits far above the rest (≈ 0.5–1); a weak embedder's cosines are all alike (≈ 0–0.05), and a
 * list like that must not outvote one that is sure.
 */
export function decisiveness(scores: number[]): number {
  if (scores.length < 2) return scores.length === 1 && scores[0]! > 0 ? 1 : 0;
  const top = scores[0]!;
  if (top <= 0) return 0;
  const rest = [...scores.slice(1)].sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)]!;
  return Math.min(1, Math.max(0, (top - median) / top));
}

/** Below this decisiveness a list counts as flat (a random embedder's cosines differ by ~0.01). */
export const FLAT = 0.1;

/**
 * Weighted reciprocal rank fusion: each list votes 1/(k + rank) times its weight, halved for a flat
 * list (decisiveness under {@link FLAT}, ramping up to full) — a gate, so lists with any real
 * preference fuse as plain RRF does, while a ranking that cannot tell its hits apart does not
 * outvote one that can; an embedder measured as weak on this paper (weight → 0) counts for little. Each fused hit
 * says which lists found it. Scores are scaled to 0..1 (1 = first in every list at full weight).
 */
export function fuseRankings<T extends { id: string; score: number }>(
  lists: RankedList<T>[],
  k = 60,
): Array<{ item: T; score: number; retrievers: Retriever[] }> {
  const fused = new Map<string, { item: T; score: number; retrievers: Retriever[] }>();
  let max = 0;
  for (const list of lists) {
    if (list.items.length === 0) continue;
    const vote = list.weight * (0.5 + 0.5 * Math.min(1, decisiveness(list.items.map((item) => item.score)) / FLAT));
    max += vote / (k + 1);
    list.items.forEach((item, index) => {
      const entry = fused.get(item.id) ?? { item, score: 0, retrievers: [] };
      entry.score += vote / (k + index + 1);
      entry.retrievers.push(list.retriever);
      fused.set(item.id, entry);
    });
  }
  return [...fused.values()].map((entry) => ({ ...entry, score: max > 0 ? Math.min(1, entry.score / max) : 0 })).sort((a, b) => b.score - a.score);
}
