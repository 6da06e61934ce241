/** Accuracy and the confusion matrix of a single-label classifier (the paper router). */
export interface Confusion {
  labels: string[];
  /** matrix[i][j]: items whose truth is labels[i] and prediction labels[j]. */
  matrix: number[][];
  accuracy: number;
  /** Per-label recall (truth row), in `labels` order. */
  recall: number[];
}

export function confusion(labels: readonly string[], pairs: ReadonlyArray<{ truth: string; predicted: string }>): Confusion {
  const index = new Map(labels.map((label, i) => [label, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  let correct = 0;
  for (const { truth, predicted } of pairs) {
    const row = index.get(truth);
    const col = index.get(predicted);
    if (row === undefined) throw new Error(`unknown truth label ${truth}`);
    // A prediction outside the label set counts as wrong, in no column.
    if (col !== undefined) matrix[row]![col]!++;
    if (truth === predicted) correct++;
  }
  const recall = matrix.map((row, i) => {
    const total = pairs.filter((p) => p.truth === labels[i]).length;
    return total === 0 ? Number.NaN : row[i]! / total;
  });
  return { labels: [...labels], matrix, accuracy: pairs.length ? correct / pairs.length : Number.NaN, recall };
}

/** The matrix as a plain-text table (rows: truth, columns: prediction). */
export function renderConfusion(c: Confusion): string {
  const short = c.labels.map((l) => l.slice(0, 8));
  const head = `${"truth\\pred".padEnd(18)}${short.map((s) => s.padStart(9)).join("")}  recall`;
  const rows = c.matrix.map((row, i) => `${c.labels[i]!.padEnd(18)}${row.map((n) => String(n).padStart(9)).join("")}  ${Number.isNaN(c.recall[i]!) ? "—" : c.recall[i]!.toFixed(2)}`);
  return [head, ...rows].join("\n");
}
