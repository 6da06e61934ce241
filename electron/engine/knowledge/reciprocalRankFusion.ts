/** A ranked list's entry: only the id matters for fusion. */
export interface Ranked {
  id: string;
}

/**
 * Reciprocal rank fusion of several ranked lists: score = Σ 1/(k + rank), rank from 1. The score is
 * divided by its maximum (first in every list) so it lies in 0..1 and means the same in every query.
 */
export function reciprocalRankFusion<T extends Ranked>(lists: T[][], k = 60): Array<{ item: T; score: number }> {
  const fused = new Map<string, { item: T; score: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const entry = fused.get(item.id) ?? { item, score: 0 };
      entry.score += 1 / (k + index + 1);
      fused.set(item.id, entry);
    });
  }
  const max = lists.length / (k + 1);
  return [...fused.values()]
    .map((entry) => ({ item: entry.item, score: max > 0 ? Math.min(1, entry.score / max) : 0 }))
    .sort((a, b) => b.score - a.score);
}
