/** Precision and recall of a positive class; an empty denominator reads as NaN (not measured), never as 1. */
export interface BinaryScores {
  precision: number;
  recall: number;
  tp: number;
  fp: number;
  fn: number;
}

export function binaryScores(items: ReadonlyArray<{ predicted: boolean; actual: boolean }>): BinaryScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { predicted, actual } of items) {
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
  }
  return { precision: tp + fp ? tp / (tp + fp) : Number.NaN, recall: tp + fn ? tp / (tp + fn) : Number.NaN, tp, fp, fn };
}
